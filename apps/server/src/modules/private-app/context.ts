import type { Deps } from '../../deps.js';
import type { PasswordHasher } from './password.js';

/** What the private-app calls run with: the app's deps and the hasher of the passwords. */
export type PrivateAppCtx = Deps & { hasher: PasswordHasher };
