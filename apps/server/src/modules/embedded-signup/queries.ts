import { and, count, eq, gte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { embeddedSignups, partners, projects } from '../../platform/db/schema.js';

export type SignupRow = typeof embeddedSignups.$inferSelect;

export const findSignupByKey = async (db: DbOrTx, partnerId: string, signupKey: string) =>
  (
    await db
      .select()
      .from(embeddedSignups)
      .where(and(eq(embeddedSignups.partnerId, partnerId), eq(embeddedSignups.signupKey, signupKey)))
  )[0];

/** A sign-up with its project's name and state; `lock` holds the row for the caller's transaction. */
export const findSignup = async (db: DbOrTx, partnerId: string, signupId: string, lock = false) => {
  const query = db
    .select({ signup: embeddedSignups, project: projects })
    .from(embeddedSignups)
    .innerJoin(
      projects,
      and(eq(projects.id, embeddedSignups.projectId), eq(projects.partnerId, embeddedSignups.partnerId)),
    )
    .where(and(eq(embeddedSignups.id, signupId), eq(embeddedSignups.partnerId, partnerId)));
  return (lock ? await query.for('update', { of: embeddedSignups }) : await query)[0];
};

export const insertSignup = async (db: DbOrTx, values: typeof embeddedSignups.$inferInsert) =>
  (await db.insert(embeddedSignups).values(values).returning())[0]!;

export const updateSignup = (db: DbOrTx, signup: Pick<SignupRow, 'id' | 'partnerId'>, values: Partial<SignupRow>) =>
  db
    .update(embeddedSignups)
    .set(values)
    .where(and(eq(embeddedSignups.partnerId, signup.partnerId), eq(embeddedSignups.id, signup.id)));

/** Sign-ups a partner took since `since` (the hourly cap; counted under the partner's lock). */
export const signupsSince = async (db: DbOrTx, partnerId: string, since: Date) =>
  (
    await db
      .select({ n: count() })
      .from(embeddedSignups)
      .where(and(eq(embeddedSignups.partnerId, partnerId), gte(embeddedSignups.createdAt, since)))
  )[0]!.n;

/** The partners whose public sign-up page is open (printed at start for the demo). */
export const openSignupPages = (db: DbOrTx) =>
  db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(
      and(
        eq(partners.enableSignUp, true),
        eq(partners.onboardingMethod, 'EMBEDDED_SIGNUP'),
        ne(partners.type, 'ADS_WHITELABEL'),
      ),
    );
