import { signupTexts } from '@pc/contract';
import { errorText, isCallError } from './api';
import type { ShowAlert } from './SignupAlert';

/**
 * A failed call of a created sign-up: a 401 means its token has expired (start again), anything
 * else is the server's message, or the spec's 'Something went wrong!'.
 */
export const reportFailure = (error: unknown, show: ShowAlert, onExpired: () => void) => {
  if (isCallError(error) && error.status === 401) {
    onExpired();
    return;
  }
  show({ severity: 'error', text: errorText(error, signupTexts.somethingWrong) });
};
