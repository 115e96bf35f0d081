import { createHash, randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REGISTRATION_ATTEMPTS_LIMIT, REGISTRATION_WINDOW_MS, type HealthState } from '@pc/contract';
import type { Db } from '../../../platform/db/open.js';
import { sandboxMetaNumbers } from '../../../platform/db/schema.js';
import type { MetaOnboardingProvider, ProviderHealth, ProviderHealthEntity } from './onboarding.js';
import { scenarioOf, type OnboardingScenario } from './scenarios.js';
import { MetaApiError } from '../graph-error.js';

/**
 * The sandbox Meta's number onboarding (ARCHITECTURE rules 8 and 15): each number's state as Meta
 * keeps it, in the database (so it holds across restarts and processes), created on first use by
 * the scenario its id picks. A code is 6 digits, good for 10 minutes, and lands in the number's
 * sandbox inbox (`/sandbox/meta/phone/{id}`); registration needs a verified number, the PIN of
 * two-step verification when it is on (and turns it on with the PIN given), and at most 10
 * attempts in 72 hours. Refusals are Meta's envelope: code, subcode, message, trace id.
 */

type Row = typeof sandboxMetaNumbers.$inferSelect;
type Change = Partial<Omit<Row, 'phoneNumberId'>>;

const CODE_TTL_MS = 10 * 60_000;
const INBOX_SIZE = 5;

const hash = (pin: string) => createHash('sha256').update(pin).digest('hex');
const traceId = () => randomBytes(8).toString('base64url');

const refusal = (code: number, subcode: number | undefined, message: string, userMessage?: string) =>
  new MetaApiError(400, code, subcode, message, undefined, userMessage, traceId());

const unsupported = (id: string) =>
  refusal(
    100,
    33,
    `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  );

/** A number as Meta has it before this server touched it, by its scenario. */
const initialRow = (phoneNumberId: string, now: Date): Row => {
  const scenario = scenarioOf(phoneNumberId);
  const alreadyOn = ['healthy', 'limited', 'blocked'].includes(scenario);
  return {
    phoneNumberId,
    scenario,
    verified: scenario !== 'reverify',
    registered: alreadyOn,
    // Someone set up two-step verification with a PIN this server does not know.
    twoStepPinHash: scenario === 'two-step-pin' ? hash(String(randomInt(0, 1_000_000)).padStart(6, '0')) : null,
    code: null,
    codeMethod: null,
    codeExpiresAt: null,
    registrations:
      scenario === 'busy'
        ? Array.from({ length: REGISTRATION_ATTEMPTS_LIMIT - 1 }, (_, i) =>
            new Date(now.getTime() - (i + 1) * 3_600_000).toISOString(),
          )
        : [],
    inbox: [],
    failedOnce: false,
    updatedAt: now,
  };
};

type Outcome<T> = { change?: Change; error?: MetaApiError; value?: T };

export const createSandboxMetaOnboarding = (opts: {
  db: Db;
  now: () => Date;
}): MetaOnboardingProvider & {
  /** The sandbox phone's view: its state and the codes it received. */
  number: (phoneNumberId: string) => Promise<Row>;
  /** WhatsApp Manager's "turn off two-step verification" for the number. */
  disableTwoStep: (phoneNumberId: string) => Promise<void>;
} => {
  /**
   * One number's state, locked, changed as `decide` says; Meta's refusal is thrown after the commit,
   * so that what counts anyway (an attempt) is kept.
   */
  const withNumber = async <T>(phoneNumberId: string, decide: (row: Row, now: Date) => Outcome<T>): Promise<T> => {
    const now = opts.now();
    const outcome = await opts.db.transaction(async (tx) => {
      await tx.insert(sandboxMetaNumbers).values(initialRow(phoneNumberId, now)).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(sandboxMetaNumbers)
        .where(eq(sandboxMetaNumbers.phoneNumberId, phoneNumberId))
        .for('update');
      const decided = decide(row!, now);
      if (decided.change)
        await tx
          .update(sandboxMetaNumbers)
          .set({ ...decided.change, updatedAt: now })
          .where(eq(sandboxMetaNumbers.phoneNumberId, phoneNumberId));
      return decided;
    });
    if (outcome.error) throw outcome.error;
    return outcome.value as T;
  };

  const numberHealth = (row: Row): ProviderHealth => {
    const phone = (canSendMessage: HealthState, errors: ProviderHealthEntity['errors'] = []): ProviderHealthEntity => ({
      type: 'PHONE_NUMBER',
      id: row.phoneNumberId,
      canSendMessage,
      errors,
    });
    const scenario = row.scenario as OnboardingScenario;
    let entity = phone('AVAILABLE');
    if (scenario === 'not-shared')
      entity = phone('BLOCKED', [
        {
          code: 2388112,
          description: "The phone number's WhatsApp Business Account is not shared with the app.",
          solution: 'Connect the number again so that its account is shared with the app.',
        },
      ]);
    else if (!row.registered)
      entity = phone('BLOCKED', [
        { code: 133010, description: 'The phone number is not registered.', solution: 'Register the phone number.' },
      ]);
    else if (scenario === 'blocked')
      entity = phone('BLOCKED', [
        {
          code: 141006,
          description: 'The phone number was restricted for violating WhatsApp Business policies.',
          solution: 'Request a review of the restriction in WhatsApp Manager.',
        },
      ]);
    else if (scenario === 'limited')
      entity = phone('LIMITED', [
        {
          code: 141005,
          description: 'Low quality: the number can message only the users who wrote to it in 24 hours.',
          solution: 'Improve the quality rating: send messages users expect and ask for.',
        },
      ]);
    return {
      canSendMessage: entity.canSendMessage,
      entities: [entity, ...accountEntities('AVAILABLE', row.phoneNumberId)],
    };
  };

  return {
    mode: 'sandbox',

    requestCode: (phoneNumberId, method) =>
      withNumber(phoneNumberId, (row, now) => {
        if (row.scenario === 'wrong-account') return { error: unsupported(phoneNumberId) };
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const inbox = [{ code, method, at: now.toISOString() }, ...row.inbox].slice(0, INBOX_SIZE);
        return { change: { code, codeMethod: method, codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), inbox } };
      }),

    verifyCode: (phoneNumberId, code) =>
      withNumber(phoneNumberId, (row, now) => {
        if (row.scenario === 'wrong-account') return { error: unsupported(phoneNumberId) };
        const good = row.code !== null && row.code === code && row.codeExpiresAt !== null && row.codeExpiresAt > now;
        if (!good)
          return { error: refusal(136025, undefined, 'Verify code error', 'The code is wrong or has expired.') };
        return { change: { verified: true, code: null, codeExpiresAt: null } };
      }),

    register: (phoneNumberId, pin) =>
      withNumber(phoneNumberId, (row, now) => {
        if (row.scenario === 'wrong-account') return { error: unsupported(phoneNumberId) };
        const since = now.getTime() - REGISTRATION_WINDOW_MS;
        const recent = row.registrations.filter((t) => new Date(t).getTime() > since);
        if (recent.length >= REGISTRATION_ATTEMPTS_LIMIT)
          return {
            change: { registrations: recent },
            error: refusal(133016, undefined, 'Account register deregister rate limit exceeded'),
          };
        const registrations = [...recent, now.toISOString()];
        const failed = (error: MetaApiError, more: Change = {}): Outcome<void> => ({
          change: { registrations, ...more },
          error,
        });
        if (row.scenario === 'not-shared')
          return failed(
            refusal(
              100,
              2388112,
              'Invalid parameter',
              "The phone number's WhatsApp Business Account is not shared with the app.",
            ),
          );
        if (!row.verified) return failed(refusal(133006, 2494081, 'Phone number re-verification needed'));
        if (row.twoStepPinHash !== null && row.twoStepPinHash !== hash(pin))
          return failed(refusal(133005, undefined, 'Two step verification PIN Mismatch'));
        if (row.scenario === 'flaky' && !row.failedOnce)
          return failed(refusal(136024, 2388091, 'Registration failed, please try again'), { failedOnce: true });
        return { change: { registrations, registered: true, twoStepPinHash: hash(pin) } };
      }),

    // The sandbox's accounts are always there to subscribe to and to share a line with; the
    // allocation id is stable per account, as Meta's is.
    subscribeApp: async () => {},
    shareCreditLine: async (creditLineId, wabaId) =>
      String(BigInt(`0x${createHash('sha256').update(`${creditLineId}:${wabaId}`).digest('hex').slice(0, 12)}`)),
    health: async (id, of) => {
      if (of === 'number')
        return withNumber(id, (row) =>
          row.scenario === 'wrong-account' ? { error: unsupported(id) } : { value: numberHealth(row) },
        );
      const scenario = scenarioOf(id);
      if (scenario === 'wrong-account') throw unsupported(id);
      const state: HealthState = scenario === 'blocked' ? 'BLOCKED' : scenario === 'limited' ? 'LIMITED' : 'AVAILABLE';
      return { canSendMessage: state, entities: accountEntities(state, id) };
    },

    number: (phoneNumberId) => withNumber(phoneNumberId, (row) => ({ value: row })),

    disableTwoStep: (phoneNumberId) => withNumber(phoneNumberId, () => ({ change: { twoStepPinHash: null } })),
  };
};

/** The account-level entities of a health answer: the account, its business and the app. */
const accountEntities = (state: HealthState, id: string): ProviderHealthEntity[] => [
  {
    type: 'WABA',
    id: `waba-${id}`,
    canSendMessage: state,
    errors:
      state === 'AVAILABLE'
        ? []
        : [
            {
              code: state === 'BLOCKED' ? 141010 : 141009,
              description:
                state === 'BLOCKED'
                  ? 'The WhatsApp Business Account is restricted.'
                  : 'The WhatsApp Business Account has reached its messaging limit.',
              solution: 'See the account in WhatsApp Manager, Account quality.',
            },
          ],
  },
  { type: 'BUSINESS', id: `business-${id}`, canSendMessage: 'AVAILABLE', errors: [] },
  { type: 'APP', id: 'sandbox-app', canSendMessage: 'AVAILABLE', errors: [] },
];

/**
 * Whether the sandbox's number is registered (Meta's phone number `status` CONNECTED): its kept
 * state, else what its scenario starts with. What the sandbox's channel sync reads.
 */
export const sandboxNumberConnected = async (db: Db, phoneNumberId: string, now: Date) => {
  const [row] = await db
    .select({ registered: sandboxMetaNumbers.registered })
    .from(sandboxMetaNumbers)
    .where(eq(sandboxMetaNumbers.phoneNumberId, phoneNumberId));
  return row?.registered ?? initialRow(phoneNumberId, now).registered;
};
