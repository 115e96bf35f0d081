import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../platform/db/open.js';
import { sandboxMetaAdsState } from '../../../platform/db/schema.js';
import { createSandboxSms } from '../../sms/sandbox.js';
import type { SandboxFacebookLogin, SandboxLoginClaims } from '../facebook/sandbox-login.js';
import { InvalidAccessToken } from '../signup/signup.js';
import type { MetaAdsProvider, ProviderAd } from './ads.js';
import { dayIndexOfDate, dayOf, deliveredDays, lifetimeOf } from './metrics.js';
import {
  expiredCode,
  invalidParameter,
  invalidToken,
  missingPermission,
  notInBusiness,
  tooManyTries,
  unsupported,
  wrongCode,
} from './refusals.js';
import { statusOf, worldOf, type World, type WorldAd } from './world.js';
import type { MetaApiError } from '../graph-error.js';

/**
 * The sandbox Meta Ads (ARCHITECTURE rules 8 and 15): the Marketing API of each Facebook user the
 * sandbox login (providers/meta/facebook/sandbox-login.ts) lets in, over the world generated for the
 * user (world.ts) and its numbers (metrics.ts, India's days). What users change is kept in
 * sandbox_meta_ads_state by asset id (so it holds across restarts and servers): an ad paused, an
 * asset assigned, a page's linked number and its pending code (4 digits, 10 minutes, 5 tries, sent
 * to the sandbox phone network). Calls check the login's permissions as Meta does (#200); another
 * user's asset id is Meta's 100/33; a wrong code is refused after its try is counted.
 */

const CODE_TTL_MS = 10 * 60_000;
const CODE_TRIES = 5;

const UserState = z.object({ firstSeenAt: z.number() });
const AssetState = z.object({ assigned: z.boolean().optional() });
const Pending = z.object({ number: z.string(), code: z.string(), expiresAt: z.number(), tries: z.number() });
const PageState = AssetState.extend({ whatsappNumber: z.string().optional(), pending: Pending.nullish() });
const AdState = z.object({ pausedAt: z.number().optional() });
type PageState = z.infer<typeof PageState>;

/** A state row's content, or none when it is missing or not what this version writes. */
const parsed = <T extends z.ZodType>(schema: T, state: unknown): z.infer<T> => {
  const result = schema.safeParse(state ?? {});
  return result.success ? result.data : schema.parse({});
};

type Outcome<T> = { change?: Record<string, unknown>; error?: MetaApiError; value?: T };

/** Needs: each inner list is one permission among which the login granted at least one. */
const ADS_READ = [['ads_read', 'ads_management']];
const ADS_MANAGE = [['ads_management']];

export const createSandboxMetaAds = (opts: { db: Db; now: () => Date; facebook: SandboxFacebookLogin }) => {
  const { db } = opts;
  const t = sandboxMetaAdsState;

  const login = async (token: string) => {
    try {
      return await opts.facebook.read(token);
    } catch (e) {
      if (e instanceof InvalidAccessToken) throw invalidToken(e.message.endsWith('expired') ? 'expired' : 'invalid');
      throw e;
    }
  };

  /** The user's world, placed in time from the first time a server saw them. */
  const worldFor = async (claims: SandboxLoginClaims): Promise<World> => {
    const id = `user:${claims.userId}`;
    await db
      .insert(t)
      .values({ id, state: { firstSeenAt: opts.now().getTime() } })
      .onConflictDoNothing();
    const [row] = await db.select({ state: t.state }).from(t).where(eq(t.id, id));
    return worldOf(claims, UserState.parse(row?.state).firstSeenAt);
  };

  /** Who calls, checked for the permissions the call needs, with their world. */
  const session = async (token: string, needs: string[][]) => {
    const claims = await login(token);
    const missing = needs.find((anyOf) => !anyOf.some((s) => claims.scopes.includes(s)));
    if (missing) throw missingPermission(missing);
    return worldFor(claims);
  };

  const statesOf = async (ids: string[]) => {
    if (ids.length === 0) return new Map<string, unknown>();
    const rows = await db.select().from(t).where(inArray(t.id, ids));
    return new Map<string, unknown>(rows.map((r) => [r.id, r.state]));
  };

  /**
   * One asset's state, locked, changed as `decide` says; the refusal is thrown after the commit, so
   * that what counts anyway (a wrong code's try) is kept.
   */
  const withState = async <T>(
    id: string,
    decide: (state: unknown, now: number, tx: Tx) => Promise<Outcome<T>> | Outcome<T>,
  ): Promise<T> => {
    const now = opts.now();
    const outcome = await db.transaction(async (tx) => {
      await tx.insert(t).values({ id, state: {} }).onConflictDoNothing();
      const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
      const decided = await decide(row?.state, now.getTime(), tx);
      if (decided.change) await tx.update(t).set({ state: decided.change, updatedAt: now }).where(eq(t.id, id));
      return decided;
    });
    if (outcome.error) throw outcome.error;
    return outcome.value as T;
  };

  const pausedAtOf = (states: Map<string, unknown>, ad: WorldAd) =>
    parsed(AdState, states.get(`ad:${ad.adId}`)).pausedAt ?? null;

  const accountOf = (world: World, accountId: string, verb: 'get' | 'post') => {
    const account = world.adAccounts.find((a) => a.accountId === accountId);
    if (!account) throw unsupported(accountId, verb);
    return account;
  };

  /** Into the business's system user's assets: assigned from then on (the "Assigned" tag). */
  const assign = (id: string) =>
    withState<void>(id, (state) => ({ change: { ...parsed(AssetState, state), assigned: true } }));

  const sendCode = (page: { pageId: string; pageName: string }, number: string) =>
    withState<'SENT'>(`page:${page.pageId}`, async (state, now, tx) => {
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      await createSandboxSms(tx, () => new Date(now)).send({
        to: number,
        text: `${code} is your Facebook code to link this WhatsApp number to ${page.pageName}.`,
      });
      const pending = { number, code, expiresAt: now + CODE_TTL_MS, tries: 0 };
      return { change: { ...parsed(PageState, state), pending }, value: 'SENT' };
    });

  const checkCode = (pageId: string, number: string, code: string) =>
    withState<'VERIFIED'>(`page:${pageId}`, (raw, now) => {
      const state: PageState = parsed(PageState, raw);
      const pending = state.pending;
      if (!pending || pending.number !== number) return { error: wrongCode() };
      if (pending.expiresAt <= now) return { change: { ...state, pending: null }, error: expiredCode() };
      if (pending.code !== code) {
        const tries = pending.tries + 1;
        return tries >= CODE_TRIES
          ? { change: { ...state, pending: null }, error: tooManyTries() }
          : { change: { ...state, pending: { ...pending, tries } }, error: wrongCode() };
      }
      return { change: { ...state, whatsappNumber: number, pending: null }, value: 'VERIFIED' };
    });

  const provider: MetaAdsProvider = {
    mode: 'sandbox',

    // The sandbox's ads logins already last 60 days (facebook/sandbox-login.ts): checked, kept as they are.
    longLivedToken: async (token) => {
      await login(token);
      return token;
    },
    user: async (token) => {
      const claims = await opts.facebook.read(token);
      return { userId: claims.userId, name: claims.userName, grantedScopes: claims.scopes };
    },

    adAccounts: async (token) => {
      const world = await session(token, ADS_READ);
      const states = await statesOf(world.adAccounts.map((a) => `account:${a.accountId}`));
      return world.adAccounts.map((a) => ({
        accountId: a.accountId,
        accountName: a.accountName,
        currency: a.currency,
        metaBusinessId: a.business?.id ?? null,
        metaBusinessName: a.business?.name ?? null,
        isAssigned: a.assigned || parsed(AssetState, states.get(`account:${a.accountId}`)).assigned === true,
      }));
    },

    pages: async (token) => {
      const world = await session(token, [['pages_show_list']]);
      const states = await statesOf(world.pages.map((p) => `page:${p.pageId}`));
      return world.pages.map((p) => {
        const state = parsed(PageState, states.get(`page:${p.pageId}`));
        return {
          pageId: p.pageId,
          pageName: p.pageName,
          metaBusinessId: p.business?.id ?? null,
          metaBusinessName: p.business?.name ?? null,
          isAssigned: p.assigned || state.assigned === true,
          whatsappNumber: state.whatsappNumber ?? null,
        };
      });
    },

    assignAdAccount: async (token, accountId) => {
      const world = await session(token, [['business_management'], ['ads_management']]);
      const account = accountOf(world, accountId, 'post');
      if (!account.business) throw notInBusiness('ad account');
      if (!account.assigned) await assign(`account:${accountId}`);
    },

    assignPage: async (token, pageId) => {
      const world = await session(token, [['business_management'], ['pages_manage_metadata']]);
      const page = world.pages.find((p) => p.pageId === pageId);
      if (!page) throw unsupported(pageId, 'post');
      if (!page.business) throw notInBusiness('page');
      if (!page.assigned) await assign(`page:${pageId}`);
    },

    linkWhatsappNumber: async (token, pageId, number, code) => {
      const world = await session(token, [['pages_manage_metadata']]);
      const page = world.pages.find((p) => p.pageId === pageId);
      if (!page) throw unsupported(pageId, 'post');
      const digits = number.replace(/[\s+()-]/g, '');
      if (!/^\d{8,15}$/.test(digits))
        throw invalidParameter('Enter the WhatsApp number with its country code, digits only.');
      return code ? checkCode(pageId, digits, code) : sendCode(page, digits);
    },

    ads: async (token, accountId) => {
      const account = accountOf(await session(token, ADS_READ), accountId, 'get');
      const states = await statesOf(account.ads.map((ad) => `ad:${ad.adId}`));
      const now = opts.now().getTime();
      return account.ads.map((ad): ProviderAd => {
        const pausedAt = pausedAtOf(states, ad);
        return {
          adId: ad.adId,
          adName: ad.adName,
          adAccountId: ad.adAccountId,
          status: statusOf(ad, pausedAt, now),
          startTime: new Date(ad.start).toISOString(),
          stopTime: ad.stop === null ? null : new Date(ad.stop).toISOString(),
          dailyBudget: ad.dailyBudget,
          qualityRanking: ad.qualityRanking,
          engagementRateRanking: ad.engagementRateRanking,
          ...lifetimeOf(ad, pausedAt, now),
        };
      });
    },

    dailySpend: async (token, accountId, since) => {
      const account = accountOf(await session(token, ADS_READ), accountId, 'get');
      const from = dayIndexOfDate(since);
      if (Number.isNaN(from)) throw invalidParameter('time_range: since must be a date (YYYY-MM-DD).');
      const states = await statesOf(account.ads.map((ad) => `ad:${ad.adId}`));
      const now = opts.now().getTime();
      return account.ads
        .flatMap((ad) =>
          deliveredDays(ad, pausedAtOf(states, ad), now, from).map(({ day, metrics }) => ({
            adId: ad.adId,
            day: dayOf(day),
            spend: metrics.spend,
          })),
        )
        .sort((a, b) => a.day.localeCompare(b.day) || a.adId.localeCompare(b.adId));
    },

    pauseAds: async (token, accountId) => {
      const account = accountOf(await session(token, ADS_MANAGE), accountId, 'post');
      if (account.ads.length === 0) return;
      const now = opts.now();
      const byId = new Map(account.ads.map((ad) => [`ad:${ad.adId}`, ad]));
      await db.transaction(async (tx) => {
        const ids = [...byId.keys()].sort();
        await tx
          .insert(t)
          .values(ids.map((id) => ({ id, state: {} })))
          .onConflictDoNothing();
        // Locked in id order, so two pauses of one account never wait on each other crosswise.
        const rows = await tx.select().from(t).where(inArray(t.id, ids)).orderBy(t.id).for('update');
        for (const row of rows) {
          const ad = byId.get(row.id)!;
          const state = parsed(AdState, row.state);
          const status = statusOf(ad, state.pausedAt ?? null, now.getTime());
          if (status !== 'ACTIVE' && status !== 'PENDING_REVIEW') continue;
          await tx
            .update(t)
            .set({ state: { ...state, pausedAt: now.getTime() }, updatedAt: now })
            .where(eq(t.id, row.id));
        }
      });
    },
  };
  return provider;
};
export type SandboxMetaAds = ReturnType<typeof createSandboxMetaAds>;
