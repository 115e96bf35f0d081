import { messages, type LoginRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/auth/passwords.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findAccountByLogin } from './accounts.js';
import { signInRules } from './limits.js';
import { openSession, type Device } from './sessions.js';
import { forgive, takeAttempt } from './throttle.js';

/** An unknown user, a disabled one and a wrong password all get this same answer. */
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, messages.invalidLogin);

/**
 * The attempt is counted before the password is checked (throttle.ts), so no burst of guesses gets
 * more checks than the limits allow; a right password gives its attempt back.
 */
export const login = async (deps: Deps, input: LoginRequest, from: Device): Promise<{ token: string }> => {
  const [account, address] = signInRules(deps.env, input.userName, from.ip ?? 'unknown');
  await takeAttempt(deps.db, [account!, address!], deps.now(), messages.tooManyAttempts);
  const found = await findAccountByLogin(deps.db, input.userName);
  if (!found) await burnPasswordCheck(input.password);
  const ok = found && !found.disabled && (await verifyPassword(found.passwordHash, input.password));
  if (!found || !ok) throw invalidCredentials();
  await forgive(deps.db, [account!.key], [address!.key]);
  return { token: await openSession(deps, deps.db, found, from) };
};
