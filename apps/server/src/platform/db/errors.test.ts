import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { isDatabaseUnavailable, isRetryableConflict, uniqueViolationOf } from './errors.js';

// drizzle wraps the driver's error: the code is on the cause.
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
const pgError = (code: string, message = 'server error') => Object.assign(new Error(message), { code });

describe('the database is unavailable (answered 503)', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection reset', wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))],
    ['admin shutdown (57P01)', wrapped(pgError('57P01', 'terminating connection due to administrator command'))],
    ['crash shutdown (57P02)', wrapped(pgError('57P02'))],
    ['cannot connect now (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', wrapped(pgError('08006'))],
    ['a lost connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a broken pooled client', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection made in time', new Error('Connection terminated due to connection timeout')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
  ])('%s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', wrapped(pgError('23505'))],
    ['a deadlock', wrapped(pgError('40P01'))],
    ['a syntax error', wrapped(pgError('42601', 'syntax error at or near "selec"'))],
    ['an app error', new AppError('BAD_REQUEST', 400, 'Invalid amount')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection'],
  ])('not %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});

describe('a transaction that may run again', () => {
  it('after a deadlock or a serialization failure only', () => {
    expect(isRetryableConflict(wrapped(pgError('40P01', 'deadlock detected')))).toBe(true);
    expect(isRetryableConflict(wrapped(pgError('40001', 'could not serialize access')))).toBe(true);
    expect(isRetryableConflict(wrapped(pgError('23505')))).toBe(false);
    expect(isRetryableConflict(wrapped(pgError('57P01')))).toBe(false);
  });

  it('a unique violation names its constraint', () => {
    expect(uniqueViolationOf(wrapped({ code: '23505', constraint: 'billing_logs_key' }))).toBe('billing_logs_key');
    expect(uniqueViolationOf(wrapped(pgError('40P01')))).toBeNull();
  });
});
