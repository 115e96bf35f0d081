import { expect, it } from 'vitest';
import { readEnv } from './env.js';

it('listens on loopback unless HOST says otherwise (the demo sign-ins are public)', () => {
  expect(readEnv({}).HOST).toBe('127.0.0.1');
  expect(readEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  expect(() => readEnv({ HOST: '' })).toThrow(/HOST/);
});

it('writes readable lines on a terminal and JSON otherwise unless LOG_FORMAT says which', () => {
  expect(readEnv({}).LOG_FORMAT).toBe('auto');
  expect(readEnv({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
  expect(() => readEnv({ LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/);
});
