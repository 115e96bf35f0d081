import type { DbOrTx } from '../../platform/db/open.js';
import type { SharedWaba } from '../../providers/meta/signup/signup.js';
import { applyHeldAccountEvents } from '../account-events/index.js';
import { updateProject } from '../projects/queries.js';
import { enqueueConnectAccount } from './connect-account.js';
import { recordSignUp, type OnboardingProject } from './queries.js';

export type SharedAccount = SharedWaba & {
  waba: NonNullable<SharedWaba['waba']>;
  phone: NonNullable<SharedWaba['phone']>;
};

/**
 * What a client's Facebook login shared (the embedded sign-up page's, a generated link's) becomes
 * the project's WhatsApp account and number, in the caller's transaction. A live number is verified
 * (progress step 9); otherwise Meta is still setting it up (step 6, the troubleshooting wizard's
 * register step next). With the client's business token (a code's exchange), Meta's onboarding calls
 * follow through the jobs table: subscribe our app, share the credit line, and register the number
 * when the flow finished without it. Meta's account webhooks that came before the project had the
 * account are applied to it now. Applied again, it does the same again.
 */
export const connectSharedWaba = async (
  tx: DbOrTx,
  project: Pick<OnboardingProject, 'id' | 'partnerId' | 'channelActivatedOn'>,
  shared: SharedAccount,
  o: { via: 'waba' | 'migration'; businessTokenSealed?: string; register: boolean; now: Date },
) => {
  const { waba, phone, business } = shared;
  await updateProject(tx, project.partnerId, project.id, {
    wabaAppId: waba.id,
    wabaNumberId: phone.id,
    whatsappNumber: phone.number,
    whatsAppDisplayName: phone.displayName,
    fbBusinessId: business?.id ?? null,
    fbBusinessName: business?.name ?? null,
    fbManagerVerified: business !== null,
    ...(phone.live
      ? {
          isWhatsappVerified: true,
          wabaProgressStep: 9,
          channelActivatedOn: project.channelActivatedOn ?? o.now,
          displayNameStatus: 'APPROVED',
          qualityRating: 'GREEN',
          messagingLimit: 'TIER_250',
        }
      : { isWhatsappVerified: false, wabaProgressStep: 6 }),
  });
  // What Meta said of the account before the project had it (PARTNER_ADDED, as the flow finished).
  await applyHeldAccountEvents(tx, waba.id, o.now);
  await recordSignUp(tx, project, o.via, o.now, o.businessTokenSealed);
  if (o.businessTokenSealed)
    await enqueueConnectAccount(
      tx,
      { partnerId: project.partnerId, projectId: project.id, register: !phone.live && o.register },
      o.now,
    );
};
