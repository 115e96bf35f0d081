import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { EnvSchema } from './env.js';

it('.env.example lists every variable env.ts reads, and no other', () => {
  const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
  const listed = [...example.matchAll(/^# ([A-Z0-9_]+)=/gm)].map((m) => m[1]);
  expect(listed.toSorted()).toEqual(Object.keys(EnvSchema.shape).toSorted());
});
