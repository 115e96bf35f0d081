import { eq, inArray } from 'drizzle-orm';
import { formatAmount, type ReasonCode } from '@pc/contract';
import type { Tx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { partnerBalances, projects, storedFiles } from '../../platform/db/schema.js';
import { postEntry, type LedgerEntry } from '../../modules/billing/ledger.js';
import { invoicePdf } from '../../modules/billing/invoice-pdf.js';

export type HistoryPartner = {
  id: string;
  name: string;
  currency: 'INR' | 'USD';
  minAllowedBalance: number;
  /** How this partner recharges: in multiples of `pack`, keeping at least `comfort` after a charge. */
  recharge: { pack: number; comfort: number };
};
export type HistoryProject = {
  id: string;
  partnerId: string;
  name: string;
  businessId: string;
  businessName: string;
  currency: 'INR' | 'USD';
};
/** An invoice to store once the seed's transaction has committed (no file write inside it). */
export type InvoiceFile = { key: string; bytes: Buffer };
export type CreditKind = 'WCC' | 'PWC' | 'AD_CREDIT';

const creditReason: Record<CreditKind, Record<'ADD' | 'SUBTRACT', ReasonCode>> = {
  WCC: { ADD: 'WCC_CREDIT_ADD', SUBTRACT: 'WCC_CREDIT_DEDUCT' },
  PWC: { ADD: 'PWC_CREDIT_ADD', SUBTRACT: 'PWC_CREDIT_DEDUCT' },
  AD_CREDIT: { ADD: 'META_AD_CREDIT_UPDATE', SUBTRACT: 'META_AD_CREDIT_UPDATE' },
};
// The console's own words for a transfer (billing/credit-transfer.ts), so seeded rows read like made ones.
const creditLabel: Record<CreditKind, string> = {
  WCC: 'WCC credit',
  PWC: 'Partner WhatsApp credit',
  AD_CREDIT: 'Meta Ads credit',
};
const creditColumn = {
  WCC: projects.templateCredit,
  PWC: projects.partnerWhatsappCredit,
  AD_CREDIT: projects.metaAdsCredit,
} as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The demo history's money moves, each through the ledger's postEntry with the date it happened.
 * Entries of one step get distinct seconds, in the order they are made, so the billing list and
 * the balance-after figures keep the order in which the money moved.
 */
export const historyLedger = (tx: Tx, rng: () => number, invoices: InvoiceFile[]) => {
  let last = 0;
  const post = (entry: LedgerEntry, at: number) => {
    last = Math.max(at, last + 1000);
    return postEntry(tx, { ...entry, createdAt: new Date(last) });
  };
  const token = (length: number) =>
    Array.from({ length }, () => ALPHABET[Math.floor(rng() * ALPHABET.length)]).join('');

  const centralOf = async (partnerId: string) =>
    (
      await tx
        .select({ b: partnerBalances.centralBalance })
        .from(partnerBalances)
        .where(eq(partnerBalances.partnerId, partnerId))
    )[0]!.b;
  const creditOf = async (projectId: string, kind: CreditKind = 'WCC') =>
    (await tx.select({ c: creditColumn[kind] }).from(projects).where(eq(projects.id, projectId)))[0]!.c;
  /** The WCC credit of each of these projects, in one query. */
  const creditsOf = async (projectIds: string[]): Promise<Map<string, number>> =>
    projectIds.length === 0
      ? new Map()
      : new Map(
          (
            await tx
              .select({ id: projects.id, c: projects.templateCredit })
              .from(projects)
              .where(inArray(projects.id, projectIds))
          ).map((r) => [r.id, r.c]),
        );

  /**
   * Money the partner paid in through the payment gateway: payment, order and invoice ids as the
   * gateway gives them, and the gateway's invoice as a PDF the billing detail's Download opens.
   */
  const recharge = async (p: HistoryPartner, amount: number, at: number) => {
    const invoiceId = `inv_${token(14)}`;
    const paymentId = `pay_${token(14)}`;
    const orderId = `order_${token(14)}`;
    const fileId = newId();
    const bytes = invoicePdf({
      title: 'Tax Invoice',
      rows: [
        ['Invoice number', invoiceId],
        ['Invoice date', new Date(Math.max(at, last + 1000)).toISOString().slice(0, 10)],
        ['Billed to', p.name],
        ['Description', 'Central balance recharge'],
        ['Amount', `${p.currency} ${formatAmount(amount, p.currency)}`],
        ['Payment ID', paymentId],
        ['Order ID', orderId],
        ['Status', 'Paid'],
      ],
      footer: 'Issued by the payment gateway sandbox of the Partner Console demo.',
    });
    const key = `${p.id}/INVOICE/${fileId}/${invoiceId}.pdf`;
    invoices.push({ key, bytes });
    await tx.insert(storedFiles).values({
      id: fileId,
      partnerId: p.id,
      purpose: 'INVOICE',
      storageKey: key,
      fileName: `${invoiceId}.pdf`,
      contentType: 'application/pdf',
      size: bytes.length,
      // The partner's alone: opened by its session or a signed link that expires (projects/file-links.ts).
      isPublic: false,
      createdAt: new Date(at),
    });
    await post(
      {
        partnerId: p.id,
        balance: 'CENTRAL',
        action: 'ADD',
        amount,
        reasonCode: 'CENTRAL_BALANCE_RECHARGE',
        message: 'Central balance recharge (payment gateway)',
        paymentId,
        orderId,
        invoiceId,
        invoiceLink: `/api/files/${fileId}`,
      },
      at,
    );
  };

  /** A partner about to pay `amount` recharges first when it would be left under its comfort level. */
  const ensureFunds = async (p: HistoryPartner, amount: number, at: number) => {
    const balance = await centralOf(p.id);
    const short = amount + p.recharge.comfort - balance;
    if (short > 0) await recharge(p, Math.ceil(short / p.recharge.pack) * p.recharge.pack, at);
  };

  /** A charge to (or, for ADD, a credit of) the partner's central balance alone. */
  const central = async (
    p: HistoryPartner,
    e: {
      reasonCode: ReasonCode;
      amount: number;
      providerAmount?: number;
      message: string;
      action?: 'ADD' | 'SUBTRACT';
    },
    at: number,
    project?: HistoryProject,
  ) => {
    const action = e.action ?? 'SUBTRACT';
    if (action === 'SUBTRACT') await ensureFunds(p, e.amount, at);
    await post(
      {
        partnerId: p.id,
        balance: 'CENTRAL',
        action,
        amount: e.amount,
        ...(e.providerAmount !== undefined ? { providerAmount: e.providerAmount } : {}),
        reasonCode: e.reasonCode,
        message: e.message,
        ...(project
          ? {
              projectId: project.id,
              projectName: project.name,
              businessId: project.businessId,
              businessName: project.businessName,
            }
          : {}),
      },
      at,
    );
  };

  /** Credit bought for a project with the central balance (ADD), or taken back into it: two rows, as the console writes them. */
  const transfer = async (
    p: HistoryPartner,
    project: HistoryProject,
    kind: CreditKind,
    action: 'ADD' | 'SUBTRACT',
    amount: number,
    at: number,
  ) => {
    if (amount <= 0) return;
    if (action === 'ADD') await ensureFunds(p, amount, at);
    const context = {
      partnerId: p.id,
      projectId: project.id,
      projectName: project.name,
      businessId: project.businessId,
      businessName: project.businessName,
      reasonCode: creditReason[kind][action],
      amount,
      message: `${creditLabel[kind]} ${action === 'ADD' ? 'added to' : 'taken back from'} project ${project.name}`,
    };
    await post({ ...context, balance: kind, action }, at);
    await post({ ...context, balance: 'CENTRAL', action: action === 'ADD' ? 'SUBTRACT' : 'ADD' }, at);
  };

  /** Free credit given to a trial project, from no one's balance. */
  const trialCredit = async (p: HistoryPartner, project: HistoryProject, amount: number, at: number) => {
    await post(
      {
        partnerId: p.id,
        projectId: project.id,
        projectName: project.name,
        businessId: project.businessId,
        businessName: project.businessName,
        balance: 'WCC',
        action: 'ADD',
        amount,
        reasonCode: 'TRIAL_CREDIT',
        message: 'Sign-up trial credit',
      },
      at,
    );
  };

  /** The platform's correction of a central balance, either way, without a top-up first (a hold and its release). */
  const correction = (p: HistoryPartner, action: 'ADD' | 'SUBTRACT', amount: number, message: string, at: number) =>
    amount > 0
      ? post({ partnerId: p.id, balance: 'CENTRAL', action, amount, reasonCode: 'CENTRAL_BALANCE_UPDATE', message }, at)
      : Promise.resolve(0);

  /** When the last entry was dated: a step's entries can run a few seconds past the step's instant. */
  const lastPostedAt = () => last;
  return {
    recharge,
    ensureFunds,
    central,
    transfer,
    trialCredit,
    centralOf,
    creditOf,
    creditsOf,
    correction,
    lastPostedAt,
  };
};
export type HistoryLedger = ReturnType<typeof historyLedger>;
