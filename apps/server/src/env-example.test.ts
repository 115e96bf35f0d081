import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnvFile } from '../../../scripts/env-file.mjs';
import { EnvSchema, readEnv } from './env.js';

it('.env.example lists every variable env.ts reads, and no other', () => {
  const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
  const listed = [...example.matchAll(/^# ([A-Z0-9_]+)=/gm)].map((m) => m[1]);
  expect(listed.toSorted()).toEqual(Object.keys(EnvSchema.shape).toSorted());
});

describe('npm start and npm run serve read a .env file (scripts/env-file.mjs)', () => {
  it("reads the directory's .env, leaving what the environment already sets", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-env-'));
    try {
      const env: Record<string, string | undefined> = { PORT: '3001' };
      expect(readEnvFile(dir, env)).toBeNull();
      writeFileSync(
        path.join(dir, '.env'),
        '# a comment\nPORT=4000\nHOST=0.0.0.0\nSMTP_FROM="Acme <no-reply@acme.example>"\nexport LOG_LEVEL=debug\n',
      );
      const read = readEnvFile(dir, env);
      expect(read?.file).toBe(path.join(dir, '.env'));
      expect(read?.set.toSorted()).toEqual(['HOST', 'LOG_LEVEL', 'SMTP_FROM']);
      expect(read?.kept).toEqual(['PORT']);
      expect(env).toEqual({
        PORT: '3001',
        HOST: '0.0.0.0',
        SMTP_FROM: 'Acme <no-reply@acme.example>',
        LOG_LEVEL: 'debug',
      });
      // What it read is what the server's own reader takes.
      expect(readEnv(env)).toMatchObject({ PORT: 3001, HOST: '0.0.0.0', LOG_LEVEL: 'debug' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
