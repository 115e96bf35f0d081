import type { ActivityAction } from '@pc/contract';
import { call, type CallResult, type TestContext } from '../../harness.js';

/** The demo members a case may act as: the owner of Acme (a reseller), of Direct Retail, of the Meta Ads partner. */
export type Member = 'owner' | 'direct' | 'ads';

export type Sweep = {
  t: TestContext;
  /** A signed-in session of each member, kept for the sweep (a new one once a case ended it). */
  token: (member: Member) => Promise<string>;
  /** Each member's partner and agent ids. */
  idsOf: (member: Member) => Promise<{ partnerId: string; agentId: string }>;
};

/**
 * One write route driven as its users drive it: `setup` makes what the change needs (its entries,
 * if any, are not counted), `run` makes the one call whose entry is checked. It must answer 2xx and
 * leave exactly one entry, of `action`, naming `as` (the owner unless said) as its author.
 */
export type ActivityCase<S = unknown> = {
  action: ActivityAction;
  as?: Member;
  setup?: (s: Sweep) => Promise<S>;
  run: (s: Sweep, state: S) => Promise<CallResult>;
};

/** A write route that changes nothing a member decided (a read sent as POST, a signed upload URL): why. */
export type Exempt = { exempt: string };

/** Every write route of a module, keyed `METHOD url` as in the access table. */
export type ActivityCases = Record<string, ActivityCase<any> | Exempt>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const activityCase = <S>(c: ActivityCase<S>): ActivityCase<S> => c;

/** One call as a member (the owner unless said). */
export const send = async <T = Record<string, unknown>>(
  s: Sweep,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  as: Member = 'owner',
): Promise<CallResult<T>> => call<T>(s.t.app, method, url, { token: await s.token(as), body });

/** What a setup made, or the reason it could not: the case's own call is then the change it checks. */
export const made = <T>(res: CallResult<T>, what: string): T => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
