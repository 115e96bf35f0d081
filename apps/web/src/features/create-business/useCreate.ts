import { businessTexts } from '@pc/contract';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { useInvalidateLists } from './useInvalidateLists';

/**
 * One create call of these dialogs: busy while it runs; on success the success alert, fresh lists,
 * then `done` with the result; on failure the server's message and busy off, so Create works again.
 */
export const useCreate = (successText: string) => {
  const notify = useNotify();
  const invalidate = useInvalidateLists();
  const [busy, setBusy] = useState(false);
  const run = async <T>(create: () => Promise<T>, done: (result: T) => void) => {
    setBusy(true);
    try {
      const result = await create();
      notify.success(successText);
      await invalidate();
      done(result);
    } catch (error) {
      notify.error(errorText(error, businessTexts.tryAgain));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
};
