import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, projectMessages, submitKycFormFields } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { kycSubmissions, projects, storedFiles } from '../../platform/db/schema.js';
import { multipartLimits, multipartTexts as texts } from '../../platform/http/multipart.js';
import { makePng } from './test-files.js';

/**
 * Malformed multipart bodies on both multipart routes (the unauthenticated storage upload and KYC):
 * each answers 400 with its message, never 500, and stores nothing. Every case is built on a form
 * that is otherwise accepted (a valid upload policy, a valid KYC submission), so it is the
 * malformation that is refused; the valid forms themselves are sent last.
 */
let t: TestContext;
let owner: string;
let kycProject: string;
let uploadFields: Record<string, string>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-multipart-'));
const uploads = path.join(dataDir, 'uploads');
mkdirSync(uploads);

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
  owner = await signInAs(t.app, 'owner');
  const [row] = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.name, 'Metro Reminders'));
  kycProject = row!.id;
  const res = await call<{ uploadURL: { fields: Record<string, string> } }>(
    t.app,
    'POST',
    `/project/${kycProject}/get-upload-url`,
    { token: owner, body: { fileName: 'logo.png', contentType: 'image/png', fileType: 'IMAGE' } },
  );
  uploadFields = res.body.uploadURL.fields;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const B = 'xBOUNDARYx';
const ofBoundary = `multipart/form-data; boundary=${B}`;
const text = (name: string, value: string, headers = '') =>
  `--${B}\r\n${headers}Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, bytes: Buffer | string, headers = '') =>
  Buffer.concat([
    Buffer.from(
      `--${B}\r\n${headers}Content-Disposition: form-data; name="${name}"; filename="doc"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);
const body = (...parts: (Buffer | string)[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const closing = `--${B}--\r\n`;

/** A route's valid form: its text fields, the names it takes, one field to abuse, and its file's bytes. */
type Route = {
  url: string;
  token?: string;
  fields: () => Record<string, string>;
  names: readonly string[];
  aField: string;
  bytes: Buffer;
};
const uploadRoute: Route = {
  url: '/api/storage/upload',
  fields: () => uploadFields,
  names: ['key', 'Content-Type', 'policy', 'signature'],
  aField: 'policy',
  bytes: makePng(300, 300),
};
const kycRoute: Route = {
  url: '/partner/submit-kyc',
  get token() {
    return owner;
  },
  fields: () => ({
    gstNumber: '27AAPFU0939F1ZV',
    fileName: 'gst.pdf',
    contentType: 'application/pdf',
    fileType: 'pdf',
    consent: 'true',
    assistantId: kycProject,
  }),
  names: submitKycFormFields,
  aField: 'gstNumber',
  bytes: Buffer.from('%PDF-1.4\n% a GST certificate\n'),
};

const textParts = (r: Route, skip?: string) =>
  Object.entries(r.fields())
    .filter(([k]) => k !== skip)
    .map(([k, v]) => text(k, v));
const validBody = (r: Route) => body(...textParts(r), file('file', r.bytes), closing);

type Case = {
  name: string;
  contentType?: string;
  payload: (r: Route) => Buffer | string;
  message: (r: Route) => string;
};
const unexpected = (r: Route, name: string) => texts.unexpected(name, r.names, 'file');

const cases: Case[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: validBody, message: () => texts.noBoundary },
  {
    name: 'an empty boundary',
    contentType: 'multipart/form-data; boundary=',
    payload: validBody,
    message: () => texts.truncated,
  },
  {
    name: 'a boundary over 256 characters',
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    payload: validBody,
    message: () => texts.noBoundary,
  },
  {
    name: 'JSON sent instead of a form',
    contentType: 'application/json',
    payload: (r) => JSON.stringify(r.fields()),
    message: () => texts.notMultipart,
  },
  { name: 'text that is not multipart', payload: () => 'hello there', message: () => texts.truncated },
  {
    name: 'a file part cut off',
    payload: (r) =>
      body(...textParts(r), `--${B}\r\nContent-Disposition: form-data; name="file"; filename="d"\r\n\r\n`, r.bytes),
    message: () => texts.truncated,
  },
  {
    name: 'a part header cut off',
    payload: (r) => body(...textParts(r), `--${B}\r\nContent-Disposition: form-da`),
    message: () => texts.truncated,
  },
  {
    name: 'no closing boundary',
    payload: (r) => body(...textParts(r), file('file', r.bytes)),
    message: () => texts.truncated,
  },
  {
    name: 'too many parts (nameless ones the parser skips)',
    payload: (r) =>
      body(...textParts(r), ...Array(multipartLimits.parts).fill(`--${B}\r\nX-A: 1\r\n\r\nx\r\n`), closing),
    message: () => texts.tooManyParts,
  },
  {
    name: 'too many fields',
    payload: (r) =>
      body(
        ...textParts(r),
        ...Array.from({ length: 60 }, (_, i) => text(`f${i}`, 'v')),
        file('file', r.bytes),
        closing,
      ),
    message: (r) => unexpected(r, 'f0'),
  },
  {
    name: 'two files',
    payload: (r) => body(...textParts(r), file('file', r.bytes), file('file', r.bytes), closing),
    message: () => texts.oneFile,
  },
  {
    name: 'the file under a wrong name',
    payload: (r) => body(...textParts(r), file('document', r.bytes), closing),
    message: (r) => unexpected(r, 'document'),
  },
  {
    name: 'a field under a wrong name',
    payload: (r) => body(text('gst', 'x'), ...textParts(r), file('file', r.bytes), closing),
    message: (r) => unexpected(r, 'gst'),
  },
  {
    name: 'a file where a field is expected',
    payload: (r) =>
      body(...textParts(r, r.aField), file(r.aField, r.fields()[r.aField]!), file('file', r.bytes), closing),
    message: (r) => texts.notAFile(r.aField),
  },
  {
    name: 'text where the file is expected',
    payload: (r) => body(...textParts(r), text('file', r.bytes.toString('latin1')), closing),
    message: () => texts.fileExpected('file'),
  },
  {
    name: 'a field twice',
    payload: (r) => body(...textParts(r), text(r.aField, 'again'), file('file', r.bytes), closing),
    message: (r) => texts.twice(r.aField),
  },
  {
    name: 'a part without a name',
    payload: (r) => body(`--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n`, validBody(r)),
    message: () => texts.noName,
  },
  {
    name: 'a field value over the size limit',
    payload: (r) =>
      body(
        text(r.aField, 'x'.repeat(multipartLimits.fieldSize + 1)),
        ...textParts(r, r.aField),
        file('file', r.bytes),
        closing,
      ),
    message: (r) => texts.fieldTooLong(r.aField),
  },
  {
    name: 'a field declared JSON',
    payload: (r) => body(text(r.aField, '{"a":1}', 'Content-Type: application/json\r\n'), validBody(r)),
    message: (r) => texts.notPlainText(r.aField),
  },
  {
    name: 'a field declared JSON that is not',
    payload: (r) => body(text(r.aField, '{"a":', 'Content-Type: application/json\r\n'), validBody(r)),
    message: () => texts.badJsonField,
  },
  {
    name: 'a field named after an object property',
    payload: (r) => body(text('constructor', 'x'), validBody(r)),
    message: () => texts.forbiddenName,
  },
  {
    name: 'the NUL character in a field',
    payload: (r) => body(text(r.aField, 'p\u0000df'), ...textParts(r, r.aField), file('file', r.bytes), closing),
    message: () => messages.nulCharacter,
  },
];

// A part whose header block is cut by the parser's limits loses its Content-Disposition and is
// dropped whole: the form then lacks that field and is refused by the route's own rule.
const lostField = (r: Route) => (r === uploadRoute ? projectMessages.uploadExpired : projectMessages.gstRequired);
const headerCases: Case[] = [
  {
    name: 'an oversized part header',
    payload: (r) =>
      body(
        text(r.aField, r.fields()[r.aField]!, `X-Pad: ${'x'.repeat(100_000)}\r\n`),
        ...textParts(r, r.aField),
        file('file', r.bytes),
        closing,
      ),
    message: lostField,
  },
  {
    name: 'too many header lines in a part',
    payload: (r) =>
      body(
        text(r.aField, r.fields()[r.aField]!, 'X-H: 1\r\n'.repeat(200)),
        ...textParts(r, r.aField),
        file('file', r.bytes),
        closing,
      ),
    message: lostField,
  },
];

const storedNow = async () => ({
  files: readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length,
  kyc: (await t.database.db.select().from(kycSubmissions)).length,
  stored: (await t.database.db.select().from(storedFiles)).length,
  bvbp: (await t.database.db.select().from(projects).where(eq(projects.id, kycProject)))[0]!.bvbpProcess,
});
const send = (r: Route, payload: Buffer | string, contentType = ofBoundary) =>
  t.app.inject({
    method: 'POST',
    url: r.url,
    headers: { 'content-type': contentType, ...(r.token ? { authorization: `Bearer ${r.token}` } : {}) },
    payload,
  });

describe.each([
  ['the unauthenticated storage upload', uploadRoute],
  ['KYC submission', kycRoute],
] as const)('%s', (_, r) => {
  it.each([...cases, ...headerCases].map((c) => [c.name, c] as const))('%s: 400 with its message', async (_n, c) => {
    const before = await storedNow();
    const res = await send(r, c.payload(r), c.contentType);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(c.message(r));
    expect(await storedNow()).toEqual(before);
  });
});

describe('the valid forms the cases were built on', () => {
  it('are accepted and stored', async () => {
    const before = await storedNow();
    expect((await send(uploadRoute, validBody(uploadRoute))).statusCode).toBe(204);
    const kyc = await send(kycRoute, validBody(kycRoute));
    expect(kyc.json()).toEqual({ validGst: true, message: projectMessages.submitted });
    expect(await storedNow()).toMatchObject({ files: before.files + 2, kyc: before.kyc + 1, bvbp: 1 });
  });
});
