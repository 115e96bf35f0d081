import { LOW_BALANCE_THRESHOLD, RENEWAL_WARNING_DAYS } from './constants.js';
import { messages } from './messages.js';
import { formatMoney, MONEY_SCALE } from './money.js';
import type { Partner } from './partner.js';

export type Banner = {
  kind: 'renewalSoon' | 'renewalToday' | 'suspended' | 'lowBalance' | 'wallet' | 'info';
  severity: 'warning' | 'error' | 'info';
  text: string;
  /** A page where it is dealt with (the wallet banner's). */
  link?: { to: string; label: string };
};

type BannerInputs = Pick<
  Partner,
  | 'currency'
  | 'centralBalance'
  | 'minAllowedBalance'
  | 'partnershipFee'
  | 'partnershipRenewalOn'
  | 'flags'
  | 'brandName'
  | 'walletWarnings'
>;

const DAY_MS = 86400000;
/** Today as the user's calendar has it (local time), as a UTC midnight to count whole days with. */
const today = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
/** The renewal date is a calendar date (YYYY-MM-DD), not an instant. */
const calendarDate = (iso: string) => {
  const [y, m, day] = iso.slice(0, 10).split('-').map(Number);
  return Date.UTC(y!, m! - 1, day!);
};

/** Whole days from today to the renewal date (0 = today, negative = past). */
export const daysToRenewal = (renewalOn: string, now: Date): number =>
  Math.round((calendarDate(renewalOn) - today(now)) / DAY_MS);

const names = (list: string[]) =>
  list.length <= 3
    ? list.join(', ').replace(/, ([^,]*)$/, ' and $1')
    : `${list.slice(0, 3).join(', ')} and ${list.length - 3} more`;

/**
 * The partner's own warning levels its balances are below: one banner for all of them, beside doc
 * 1's (which it neither replaces nor outranks: the partner asked for it).
 */
const walletBannerText = (partner: BannerInputs): string | null => {
  const warnings = partner.walletWarnings ?? [];
  const central = warnings.find((w) => w.balance === 'CENTRAL');
  const credits = warnings.filter((w) => w.balance === 'WCC').map((w) => w.projectName ?? '');
  const parts: string[] = [];
  if (central)
    parts.push(
      central.kind === 'AMOUNT'
        ? `Your central balance is below the warning level you set (${formatMoney(central.value, partner.currency)}).`
        : `At its current spend your central balance runs out in fewer than ${central.value} days, the warning level you set.`,
    );
  if (credits.length === 1) parts.push(`The template credit of ${credits[0]} is below the warning level you set.`);
  if (credits.length > 1)
    parts.push(
      `The template credits of ${credits.length} projects are below the warning levels you set: ${names(credits)}.`,
    );
  return parts.length ? parts.join(' ') : null;
};

/**
 * The one warning banner of highest priority (renewal soon, renewal today or overdue, suspended,
 * low balance), then the info banner. An overdue renewal (the date passed with a fee) is shown as
 * the renewal-today kind: the fee is due now, as on the day itself. The spec gives neither the texts nor the info banner's content:
 * these texts are ours, and the info banner is the free-service-conversations notice for
 * tenant-branded partners. Referral users see no balance (doc 1 sections 1 and 6), so none of the
 * warnings, which all speak of the central balance.
 */
export const bannersFor = (
  partner: BannerInputs,
  now: Date = new Date(),
  viewer: { isReferral?: boolean } = {},
): Banner[] => {
  const out: Banner[] = [];
  const money = (units: number) => formatMoney(units, partner.currency);
  if (!partner.flags.bannerExempt && !viewer.isReferral) {
    const days = partner.partnershipRenewalOn ? daysToRenewal(partner.partnershipRenewalOn, now) : null;
    const fee = partner.partnershipFee;
    if (days !== null && days > 0 && days <= RENEWAL_WARNING_DAYS && fee !== 0) {
      out.push({
        kind: 'renewalSoon',
        severity: 'warning',
        text: `Your partnership renews in ${days} day${days === 1 ? '' : 's'}. Keep ${money(fee)} in your central balance so that your services continue without interruption.`,
      });
    } else if (days === 0) {
      out.push({
        kind: 'renewalToday',
        severity: 'warning',
        text: `Your partnership renews today. ${fee ? `Keep ${money(fee)} in your central balance` : 'Keep your central balance topped up'} so that your services continue without interruption.`,
      });
    } else if (days !== null && days < 0 && fee > 0) {
      // A paid fee moves the date a year on (the renewals job): a date in the past is a fee not paid yet.
      const late = -days;
      out.push({
        kind: 'renewalToday',
        severity: 'warning',
        text: `Your partnership renewal is overdue by ${late} day${late === 1 ? '' : 's'}: its fee of ${money(fee)} could not be charged. Recharge your central balance so that it is paid and your services continue without interruption.`,
      });
    } else if (partner.centralBalance < partner.minAllowedBalance) {
      out.push({
        kind: 'suspended',
        severity: 'error',
        text: `Your services are suspended: your central balance of ${money(partner.centralBalance)} is below the minimum allowed balance of ${money(partner.minAllowedBalance)}. Recharge now to resume them.`,
      });
    } else if (partner.centralBalance / MONEY_SCALE < LOW_BALANCE_THRESHOLD[partner.currency]) {
      out.push({
        kind: 'lowBalance',
        severity: 'warning',
        text: `Your central balance is low (${money(partner.centralBalance)}). Recharge soon to avoid any interruption of your services.`,
      });
    }
  }
  const wallet = viewer.isReferral ? null : walletBannerText(partner);
  if (wallet)
    out.push({ kind: 'wallet', severity: 'warning', text: wallet, link: { to: '/wallet', label: 'Open Wallet' } });
  if (partner.brandName) out.push({ kind: 'info', severity: 'info', text: messages.serviceConversationsFree });
  return out;
};
