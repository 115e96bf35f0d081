import { AppError } from '../../platform/errors/app-error.js';

/** A token that signs nobody in: 401 with the reason, the same code for every reason. */
export const refused = (message: string) => new AppError('SSO_REFUSED', 401, message);
