import { and, eq } from 'drizzle-orm';
import { defaultApplicationFormConfigAt, type ApiFormDetails } from '@pc/contract';
import { newId } from '../platform/db/ids.js';
import type { DbOrTx } from '../platform/db/open.js';
import { projectOnboarding, projects, registrationAttempts } from '../platform/db/schema.js';

const HOUR = 3_600_000;

/**
 * Onboarding in the demo (docs/onboarding.md). Live projects finished it (progress 9) on healthy
 * sandbox numbers. Acme's projects that are not live are stalled, each on a
 * sandbox number of a scenario (providers/meta/onboarding/scenarios.ts) with the error Meta gave it,
 * so that every branch of the troubleshooting wizard can be walked from the demo.
 */
const stalled = [
  // Never finished its sign-up: the health check, then the embedded sign-up again.
  { name: 'Sunrise Orders', suffix: '108', step: 6, process: 'partner_embedded_signup', error: null },
  {
    name: 'Nimbus Travel',
    suffix: '103',
    step: 8,
    process: 'partner_embedded_signup',
    error: [133005, null, 'Two step verification PIN Mismatch'],
    attempts: 3,
  },
  {
    name: 'Kite Campaign 01',
    suffix: '105',
    step: 8,
    process: 'partner_embedded_signup',
    error: [136024, 2388091, 'Registration failed, please try again'],
    attempts: 1,
  },
  {
    name: 'Kite Campaign 03',
    suffix: '102',
    step: 5,
    process: 'partner_waba_migration',
    error: [
      100,
      2388112,
      "Invalid parameter: The phone number's WhatsApp Business Account is not shared with the app.",
    ],
  },
  {
    name: 'Kite Campaign 05',
    suffix: '101',
    step: 5,
    process: 'partner_embedded_signup',
    error: [
      100,
      33,
      'Unsupported post request. Object with ID does not exist, cannot be loaded due to missing permissions, or does not support this operation.',
    ],
  },
  {
    name: 'Kite Campaign 07',
    suffix: '104',
    step: 8,
    process: 'partner_embedded_signup',
    error: [133006, 2494081, 'Phone number re-verification needed'],
  },
] as const;

/** Northwind Outfitters' application form (AdsWorks onboards with the form), submitted when it started. */
const northwindForm = (submittedAt: Date, publicUrl: string): ApiFormDetails => ({
  personalDetails: { name: 'Dana Whitfield', number: '14155550118', email: 'dana@northwind.example' },
  businessDetails: {
    entityName: 'Northwind Outdoor Inc',
    website: 'https://northwind.example',
    businessVertical: 'Shopping and Retail',
    companySize: '50-200 employees',
    headquarters: 'United States',
    addressLine1: '500 Market Street',
    addressLine2: 'Suite 1200',
    city: 'San Francisco',
    state: 'California',
    zipCode: '94105',
    country: 'United States',
  },
  fbBusinessDetails: {
    facebookPage: 'https://facebook.com/northwindoutfitters',
    businessManagerId: '284756193847561',
    isManagerVerified: 'Yes',
  },
  whatsappAccountDetails: { whatsappNumber: '14155550118', displayName: 'Northwind Outfitters' },
  submittedAt: submittedAt.toISOString(),
  sampleMedia: defaultApplicationFormConfigAt(publicUrl).sampleMedia,
});

export const seedDemoOnboarding = async (
  tx: DbOrTx,
  o: { now: Date; acmeId: string; adsId: string; publicUrl: string },
) => {
  await tx
    .update(projects)
    .set({ apiFormDetails: northwindForm(new Date(o.now.getTime() - 131 * 24 * HOUR), o.publicUrl) })
    .where(and(eq(projects.partnerId, o.adsId), eq(projects.name, 'Northwind Outfitters')));

  // Live projects: registered. Their number and account ids stay unset: the sandbox reads a live
  // project's own id as both (as the templates' sandbox does for its account).
  await tx.update(projects).set({ wabaProgressStep: 9 }).where(eq(projects.isWhatsappVerified, true));

  for (const [i, s] of stalled.entries()) {
    const [project] = await tx
      .update(projects)
      .set({
        wabaNumberId: `1090000000${i}${s.suffix}`,
        wabaAppId: `2090000000${i}000`,
        wabaProgressStep: s.step,
      })
      .where(and(eq(projects.partnerId, o.acmeId), eq(projects.name, s.name)))
      .returning({ id: projects.id, partnerId: projects.partnerId, wabaNumberId: projects.wabaNumberId });
    if (!project) continue;
    const at = new Date(o.now.getTime() - (i + 2) * HOUR);
    await tx.insert(projectOnboarding).values({
      projectId: project.id,
      partnerId: o.acmeId,
      process: s.process,
      ...(s.error
        ? {
            errorCode: s.error[0],
            errorSubcode: s.error[1],
            errorMessage: s.error[2],
            errorTraceId: `AdemoTrace${i}x${s.suffix}`,
            errorAt: at,
          }
        : {}),
      updatedAt: at,
    });
    const tries = 'attempts' in s ? s.attempts : 0;
    for (let n = 0; n < tries; n += 1)
      await tx.insert(registrationAttempts).values({
        id: newId(),
        partnerId: project.partnerId,
        projectId: project.id,
        phoneNumberId: project.wabaNumberId!,
        attemptedAt: new Date(at.getTime() - n * 20 * 60_000),
        outcome: 'FAILED',
        errorCode: s.error?.[0] ?? null,
      });
  }
};
