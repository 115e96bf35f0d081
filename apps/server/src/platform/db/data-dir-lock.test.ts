import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

it('refuses a data directory that a live process holds', () => {
  const dir = tempDir();
  // The parent of this test process is alive and is not us: it stands for another server.
  writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
  expect(() => lockDataDir(dir)).toThrow(/in use by process/);
});

it('takes over a lock left by a dead process, and can be taken again once released', () => {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'server.lock'), '999999999');
  const release = lockDataDir(dir);
  release();
  lockDataDir(dir)();
});
