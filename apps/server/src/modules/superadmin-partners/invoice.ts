import { randomInt } from 'node:crypto';
import { formatAmount, RECHARGE_GST_PERCENT, type Currency } from '@pc/contract';
import { newId } from '../../platform/db/ids.js';
import type { storedFiles } from '../../platform/db/schema.js';
import { invoicePdf } from '../billing/invoice-pdf.js';
import type { PartnersCtx } from './context.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const token = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export type RechargeInvoice = {
  partnerId: string;
  partnerName: string;
  currency: Currency;
  amount: number;
  tax: number;
  paymentId: string;
  orderId: string;
  at: Date;
};

/**
 * Makes the recharge's invoice (`inv_` and 14 letters or digits, like the gateway's) and writes
 * its PDF to the storage, before the transaction that records the recharge: a transaction that
 * then fails leaves a file no row links (harmless), never a row without its file. Answers the
 * stored file's row for that transaction to insert, and the invoice's id and link.
 */
export const storeRechargeInvoice = async (ctx: PartnersCtx, r: RechargeInvoice) => {
  const invoiceId = `inv_${token(14)}`;
  const fileId = newId();
  const money = (units: number) => `${r.currency} ${formatAmount(units, r.currency)}`;
  const bytes = invoicePdf({
    title: 'Tax Invoice',
    rows: [
      ['Invoice number', invoiceId],
      ['Invoice date', r.at.toISOString().slice(0, 10)],
      ['Billed to', r.partnerName],
      ['Description', 'Central balance recharge'],
      ['Amount', money(r.amount)],
      [r.currency === 'INR' ? `GST (${RECHARGE_GST_PERCENT}%)` : 'Tax', money(r.tax)],
      ['Total paid', money(r.amount + r.tax)],
      ['Payment ID', r.paymentId],
      ['Order ID', r.orderId],
      ['Status', 'Paid'],
    ],
    footer: 'Recorded by the platform for a payment made through the payment gateway.',
  });
  const storageKey = `${r.partnerId}/INVOICE/${fileId}/${invoiceId}.pdf`;
  await ctx.storage.put(storageKey, bytes, 'application/pdf');
  const file: typeof storedFiles.$inferInsert = {
    id: fileId,
    partnerId: r.partnerId,
    purpose: 'INVOICE',
    storageKey,
    fileName: `${invoiceId}.pdf`,
    contentType: 'application/pdf',
    size: bytes.length,
    // The partner's alone: opened by its session or a signed link that expires (projects/file-links.ts).
    isPublic: false,
  };
  return { invoiceId, invoiceLink: `/api/files/${fileId}`, file };
};
