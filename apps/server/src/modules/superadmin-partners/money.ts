import type { z } from 'zod';
import {
  partnerAccountTexts as texts,
  projectBillingTexts,
  rechargeTaxOf,
  type BalanceAnswer,
  type CorrectionRequest,
  type RechargeAnswer,
  type RechargeRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { storedFiles } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error.js';
import { oncePerKey } from '../billing/idempotency.js';
import { signedFileLink } from '../projects/file-links.js';
import { postEntry } from '../billing/ledger.js';
import { recordAudit } from '../audit/record.js';
import { findPartner, lockPartner } from '../partners/queries.js';
import type { PartnersCtx } from './context.js';
import { storeRechargeInvoice } from './invoice.js';
import { latestUnrefundedFee, paymentRecorded, refundKeyOf } from './queries.js';

const partnerOf = async (deps: Deps, partnerId: string) => {
  const partner = await findPartner(deps.db, partnerId);
  if (!partner) throw notFound();
  return partner;
};

/**
 * Records a payment the partner made through the gateway: its central balance grows by the amount
 * (the tax is the platform's, not balance: GST 18 % for INR, none for USD, `rechargeTaxOf`), and
 * the row carries the payment, order and invoice ids, the invoice link and the amount with tax.
 * The invoice PDF is stored before the transaction. One payment is recorded once (409 after);
 * a retry with the same Idempotency-Key answers the first recording and stores nothing.
 */
export const recordRecharge = async (
  ctx: PartnersCtx,
  admin: AdminViewer,
  partnerId: string,
  input: z.output<typeof RechargeRequest>,
  idempotencyKey: string | undefined,
): Promise<RechargeAnswer> => {
  const partner = await partnerOf(ctx, partnerId);
  const tax = rechargeTaxOf(input.amount, partner.currency);
  const answer = await oncePerKey(ctx, {
    partnerId,
    key: idempotencyKey,
    print: () => ({ balance: 'CENTRAL', action: 'ADD', amount: input.amount, reasonCode: 'CENTRAL_BALANCE_RECHARGE' }),
    replay: (row) => {
      if (row.paymentId !== input.paymentId || row.orderId !== input.orderId)
        throw conflict(projectBillingTexts.idempotencyKeyReused);
      return {
        message: texts.recharged,
        invoiceId: row.invoiceId ?? '',
        invoiceLink: row.invoiceLink ?? '',
        amount: row.amount,
        tax: (row.amountWithTax ?? row.amount) - row.amount,
        amountWithTax: row.amountWithTax ?? row.amount,
        centralBalance: row.balanceAfter,
      };
    },
    run: async (ledgerKey) => {
      // Checked again under the lock below; this spares a file for the common mistake.
      if (await paymentRecorded(ctx.db, partnerId, input.paymentId)) throw conflict(texts.paymentRecorded);
      const invoice = await storeRechargeInvoice(ctx, {
        partnerId,
        partnerName: partner.name,
        currency: partner.currency,
        amount: input.amount,
        tax,
        paymentId: input.paymentId,
        orderId: input.orderId,
        at: ctx.now(),
      });
      return retriedTransaction(ctx.db, async (tx) => {
        const locked = await lockPartner(tx, partnerId);
        if (!locked) throw notFound();
        if (await paymentRecorded(tx, partnerId, input.paymentId)) throw conflict(texts.paymentRecorded);
        await tx.insert(storedFiles).values(invoice.file);
        const amountWithTax = input.amount + tax;
        const centralBalance = await postEntry(tx, {
          partnerId,
          balance: 'CENTRAL',
          action: 'ADD',
          amount: input.amount,
          amountWithTax: tax > 0 ? amountWithTax : undefined,
          reasonCode: 'CENTRAL_BALANCE_RECHARGE',
          message: 'Central balance recharge (payment gateway)',
          paymentId: input.paymentId,
          orderId: input.orderId,
          invoiceId: invoice.invoiceId,
          invoiceLink: invoice.invoiceLink,
          idempotencyKey: ledgerKey,
        });
        const recharge = { ...input, tax, amountWithTax, invoiceId: invoice.invoiceId };
        await recordAudit(tx, admin, {
          action: 'partner.recharge',
          targetKind: 'partner',
          targetId: partnerId,
          partnerId,
          before: { centralBalance: centralBalance - input.amount },
          after: { centralBalance, ...recharge },
        });
        return { message: texts.recharged, invoiceLink: invoice.invoiceLink, centralBalance, ...recharge };
      });
    },
  });
  // The invoice opens through a signed link that expires (projects/file-links.ts), made for this answer.
  return { ...answer, invoiceLink: await signedFileLink(ctx.env, ctx.now(), answer.invoiceLink) };
};

/**
 * A staff correction of the central balance, either way, with its reason as the row's message. A
 * subtraction never takes the balance below zero (400, nothing changed).
 */
export const correctBalance = async (
  deps: Deps,
  admin: AdminViewer,
  partnerId: string,
  input: z.output<typeof CorrectionRequest>,
  idempotencyKey: string | undefined,
): Promise<BalanceAnswer> => {
  await partnerOf(deps, partnerId);
  return oncePerKey(deps, {
    partnerId,
    key: idempotencyKey,
    print: () => ({
      balance: 'CENTRAL',
      action: input.action,
      amount: input.amount,
      reasonCode: 'CENTRAL_BALANCE_UPDATE',
      message: input.reason,
    }),
    replay: (row) => ({ message: texts.corrected, amount: row.amount, centralBalance: row.balanceAfter }),
    run: (ledgerKey) =>
      retriedTransaction(deps.db, async (tx) => {
        const centralBalance = await postEntry(tx, {
          partnerId,
          balance: 'CENTRAL',
          action: input.action,
          amount: input.amount,
          reasonCode: 'CENTRAL_BALANCE_UPDATE',
          message: input.reason,
          idempotencyKey: ledgerKey,
        });
        const delta = input.action === 'ADD' ? input.amount : -input.amount;
        await recordAudit(tx, admin, {
          action: 'partner.correction',
          targetKind: 'partner',
          targetId: partnerId,
          partnerId,
          before: { centralBalance: centralBalance - delta },
          after: { centralBalance, action: input.action, amount: input.amount, reason: input.reason },
        });
        return { message: texts.corrected, amount: input.amount, centralBalance };
      }),
  });
};

/**
 * Gives back the partner's latest partnership fee not refunded yet, whole, once: the refund row's
 * ledger key names the fee row (`partnership-refund:{feeRowId}`), so a second refund of the same
 * fee is impossible even at the same moment (the key's unique index); with no such fee, 400.
 */
export const refundPartnershipFee = (deps: Deps, admin: AdminViewer, partnerId: string): Promise<BalanceAnswer> =>
  retriedTransaction(deps.db, async (tx) => {
    const partner = await lockPartner(tx, partnerId);
    if (!partner) throw notFound();
    const fee = await latestUnrefundedFee(tx, partnerId);
    if (!fee) throw badRequest(texts.noFeeToRefund);
    const centralBalance = await postEntry(tx, {
      partnerId,
      balance: 'CENTRAL',
      action: 'ADD',
      amount: fee.amount,
      reasonCode: 'PARTNERSHIP_RENEWAL_REFUND',
      message: 'Partnership fee refunded',
      idempotencyKey: refundKeyOf(fee.id),
    }).catch((error: unknown) => {
      throw uniqueViolationOf(error) === null ? error : conflict(texts.feeAlreadyRefunded);
    });
    await recordAudit(tx, admin, {
      action: 'partner.partnership-refund',
      targetKind: 'partner',
      targetId: partnerId,
      partnerId,
      before: { centralBalance: centralBalance - fee.amount },
      after: { centralBalance, amount: fee.amount, feeBillingLogId: fee.id },
    });
    return { message: texts.refunded, amount: fee.amount, centralBalance };
  });
