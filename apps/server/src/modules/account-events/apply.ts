import type { MetaAccountState } from '@pc/contract';
import type { AccountWord } from '../../providers/meta/accounts/words.js';
import type { AccountProject } from './queries.js';

/**
 * What a word of Meta's makes of a project: the columns and the kept account state it changes, and
 * whether the owner is told. Pure. A word older than the one the project holds for the same thing
 * (Meta retries and reorders deliveries) or one that changes nothing is null, so a repeat is harmless.
 */
export type AccountChange = {
  values: Partial<Omit<AccountProject, 'id' | 'partnerId' | 'name' | 'whatsappNumber'>>;
  /** The owner is mailed about it (a ban, a disconnection, a refusal, a limit or quality move). */
  tell: boolean;
};

type Seen = Record<string, string>;
type State = MetaAccountState & { seen?: Seen };

/** Not older than what is kept for `key`: an equal time applies again (and changes nothing). */
const fresh = (iso: string | undefined, at: Date) => !iso || new Date(iso).getTime() <= at.getTime();

const withSeen = (state: State, key: string, at: Date): State => ({
  ...state,
  seen: { ...state.seen, [key]: at.toISOString() },
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Meta's older quality events (before October 2025) flag a number whose quality fell to low. */
const QUALITY_OF_EVENT: Record<string, string> = { FLAGGED: 'RED', UNFLAGGED: 'YELLOW' };

export const accountChangeOf = (p: AccountProject, word: AccountWord, at: Date): AccountChange | null => {
  const state: State = p.metaAccount;
  const iso = at.toISOString();
  switch (word.kind) {
    case 'ban': {
      if (!fresh(state.seen?.ban, at)) return null;
      const values = {
        wabaBanState: word.state,
        wabaBanDate: word.state === 'REINSTATE' ? null : (word.date ?? at),
      };
      if (p.wabaBanState === values.wabaBanState && p.wabaBanDate?.getTime() === values.wabaBanDate?.getTime())
        return null;
      return { values: { ...values, metaAccount: withSeen(state, 'ban', at) }, tell: true };
    }
    case 'violation': {
      if (!fresh(state.violation?.at, at) || state.violation?.type === word.type) return null;
      return { values: { metaAccount: { ...state, violation: { type: word.type, at: iso } } }, tell: true };
    }
    case 'connection': {
      if (!fresh(state.connection?.at, at) || state.connection?.event === word.event) return null;
      const metaAccount = { ...state, connection: { event: word.event, at: iso } };
      const gone = ['PARTNER_APP_UNINSTALLED', 'PARTNER_REMOVED', 'ACCOUNT_DELETED', 'ACCOUNT_OFFBOARDED'];
      const values: AccountChange['values'] = { metaAccount };
      // No longer live: nothing can be sent for the client until it connects again.
      if (gone.includes(word.event)) values.isWhatsappVerified = false;
      if (word.event === 'ACCOUNT_DELETED') values.wabaDeleted = true;
      return { values, tell: gone.includes(word.event) };
    }
    case 'limit': {
      if (!fresh(state.seen?.limit, at)) return null;
      const values: AccountChange['values'] = {};
      if (word.limit && word.limit !== p.messagingLimit) values.messagingLimit = word.limit;
      const quality = QUALITY_OF_EVENT[word.event];
      if (quality && quality !== p.qualityRating) {
        values.qualityRating = quality;
        values.qualityRatingChangedAt = at;
      }
      if (Object.keys(values).length === 0) return null;
      return { values: { ...values, metaAccount: withSeen(state, 'limit', at) }, tell: true };
    }
    case 'name': {
      if (!fresh(state.name?.at, at)) return null;
      const name = {
        decision: word.decision,
        requestedName: word.requestedName,
        rejectionReason: word.rejectionReason,
      };
      if (state.name && same({ ...state.name, at: undefined }, { ...name, at: undefined })) return null;
      const values: AccountChange['values'] = {
        displayNameStatus: word.decision,
        metaAccount: { ...state, name: { ...name, at: iso } },
      };
      if (word.decision === 'APPROVED' && word.requestedName) values.whatsAppDisplayName = word.requestedName;
      return { values, tell: word.decision === 'REJECTED' };
    }
    case 'review': {
      if (!fresh(state.review?.at, at) || state.review?.decision === word.decision) return null;
      return {
        values: { metaAccount: { ...state, review: { decision: word.decision, at: iso } } },
        tell: word.decision === 'REJECTED',
      };
    }
    case 'capability': {
      if (!fresh(state.capability?.at, at)) return null;
      const capability = { limit: word.limit, maxPhoneNumbers: word.maxPhoneNumbers };
      const was = state.capability;
      if (was && was.limit === capability.limit && was.maxPhoneNumbers === capability.maxPhoneNumbers) return null;
      const values: AccountChange['values'] = { metaAccount: { ...state, capability: { ...capability, at: iso } } };
      // The business portfolio's limit is every one of its numbers' limit (Meta, October 2025).
      if (word.limit && word.limit !== p.messagingLimit) values.messagingLimit = word.limit;
      return { values, tell: values.messagingLimit !== undefined };
    }
    case 'volumeTier':
      // The business's, not a project's: charging keeps it (receive.ts).
      return null;
    case 'alert': {
      const alerts = state.alerts ?? [];
      const kept = alerts.find((a) => a.type === word.type);
      if (kept && !fresh(kept.at, at)) return null;
      const others = alerts.filter((a) => a.type !== word.type);
      // alert_status NONE: Meta withdrew the alert.
      const next =
        word.status === 'ACTIVE'
          ? [
              ...others,
              {
                type: word.type,
                severity: word.severity,
                entityType: word.entityType,
                description: word.description,
                at: iso,
              },
            ]
          : others;
      if (
        same(
          next.map(({ at: _, ...a }) => a),
          alerts.map(({ at: _, ...a }) => a),
        )
      )
        return null;
      return {
        values: { metaAccount: { ...state, alerts: next } },
        tell: word.status === 'ACTIVE' && word.severity === 'CRITICAL',
      };
    }
  }
};
