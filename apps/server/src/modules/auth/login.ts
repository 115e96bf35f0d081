import { messages, type LoginRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/auth/passwords.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findAccountByLogin } from './accounts.js';
import { openSession, type Device } from './sessions.js';
import { assertNotThrottled, clearAccountFailures, recordFailure } from './throttle.js';

/** An unknown user, a disabled one and a wrong password all get this same answer. */
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, messages.invalidLogin);

export const login = async (deps: Deps, input: LoginRequest, from: Device): Promise<{ token: string }> => {
  const keys = { account: input.userName, address: from.ip ?? 'unknown' };
  await assertNotThrottled(deps.db, keys, deps.now());
  const account = await findAccountByLogin(deps.db, input.userName);
  if (!account) await burnPasswordCheck(input.password);
  const ok = account && !account.disabled && (await verifyPassword(account.passwordHash, input.password));
  if (!account || !ok) {
    await recordFailure(deps.db, keys, deps.now());
    throw invalidCredentials();
  }
  await clearAccountFailures(deps.db, input.userName);
  return { token: await openSession(deps, deps.db, account, from) };
};
