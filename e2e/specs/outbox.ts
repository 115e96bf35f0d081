import fs from 'node:fs';
import path from 'node:path';

const outboxDir = () => path.join(process.env.PC_E2E_DATA_DIR ?? '', 'outbox');

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The path of the newest password-reset link mailed to the address (the server's outbox without SMTP). */
export const resetLinkMailedTo = (email: string): string | null => {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(`${email}.eml`))
    .sort()
    .reverse();
  if (!files[0]) return null;
  const mail = decodeQuotedPrintable(fs.readFileSync(path.join(dir, files[0]), 'utf8'));
  return /\/reset-password\?token=[\w-]+/.exec(mail)?.[0] ?? null;
};
