import fs from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { formulaSafe, readCsv, snackbar } from './helpers';

// What the report specs (reports-*.spec.ts) share: the reports' columns, downloading a report from its
// dialog and reading the file back, and the billing logs the API lists, written as the report writes them.

// The spec's billing report columns (doc 1 section 3), then ours (who moved the money); the
// conversation report's are the contract's conversationReportColumns (the spec names none).
export const BILLING_COLUMNS = [
  'projectId',
  'projectName',
  'reasonCode',
  'amount',
  'action',
  'whatsappNumber',
  'businessContact',
  'email',
  'businessName',
  'message',
  'createdAt',
  'byName',
];
export const CONVERSATION_COLUMNS = [
  'projectId',
  'projectName',
  'whatsappNumber',
  'businessName',
  'conversationId',
  'category',
  'initiator',
  'recipient',
  'countryCode',
  'billingStatus',
  'chargedTo',
  'amount',
  'createdAt',
];
export const DOWNLOADED = 'Successfully downloaded report!';
type Log = {
  _id: string;
  projectId: string | null;
  assistantName: string | null;
  reasonCode: string;
  amount: number;
  action: string;
  whatsappNumber: string | null;
  businessContact: string | null;
  email: string | null;
  businessName: string | null;
  message: string;
  createdAt: string;
  byName: string | null;
};
/** YYYY-MM-DD in the user's calendar (the dialog's dates), n days ago. */
export const daysAgo = (n: number) => {
  const d = new Date(Date.now() - n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** Money units (1/100000) as the reports write them: two decimals, half away from zero, no grouping. */
export const money = (units: number) => {
  const cents = Math.floor((units + 500) / 1000);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

export const api = async <T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'patch',
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> => {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}`, ...headers }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/** Every billing log the list call gives (the partner's, or one project's), oldest first as the reports write them. */
export const allLogs = async (
  request: APIRequestContext,
  token: string,
  range: { from: string; to: string },
  projectId?: string,
) => {
  const logs: Log[] = [];
  for (;;) {
    const page = await api<{ partnerBillingLogs: Log[] }>(
      request,
      token,
      'post',
      '/api/partner-billing-activity-lists?sort=asc',
      { skip: logs.length, rowsPerPage: 100, assistantId: projectId ?? null, fromDate: range.from, toDate: range.to },
    );
    logs.push(...page.partnerBillingLogs);
    if (page.partnerBillingLogs.length < 100) return logs;
  }
};

/** A billing log as the billing report writes it: what people typed made formula-safe, the archive marker off the email. */
export const billingLine = (l: Log) => [
  l.projectId ?? '',
  formulaSafe(l.assistantName ?? ''),
  l.reasonCode,
  money(l.amount),
  l.action,
  formulaSafe(l.whatsappNumber ?? ''),
  formulaSafe(l.businessContact ?? ''),
  formulaSafe((l.email ?? '').replace(/^(archived__)+/, '')),
  formulaSafe(l.businessName ?? ''),
  formulaSafe(l.message),
  l.createdAt,
  formulaSafe(l.byName ?? ''),
];

/** Opens a report dialog by its button, picks the range (and reason codes), downloads and reads the file back. */
export const download = async (
  page: Page,
  button: string,
  range: { from: string; to: string },
  codes: string[] = [],
  success = DOWNLOADED,
) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (range.from) await dialog.getByLabel('From').fill(range.from);
  if (range.to) await dialog.getByLabel('To').fill(range.to);
  if (codes.length) {
    await dialog.getByLabel('Reason Codes').click();
    for (const code of codes) await page.getByRole('option', { name: code, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await downloading;
  await expect(snackbar(page, success).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const text = fs.readFileSync((await file.path())!, 'utf8');
  const [header, ...rows] = readCsv(text);
  return { name: file.suggestedFilename(), text, header, rows };
};

/** The conversation report's lines of one project, without the conversation id (checked apart: one per line, all different). */
export const conversationLines = (rows: string[][], projectId: string) => {
  const mine = rows.filter((r) => r[0] === projectId);
  const ids = mine.map((r) => r[4]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^\S+$/);
  return mine.map((r) => [...r.slice(0, 4), ...r.slice(5)]);
};
