import { RESET_MAIL_LOCK_MS } from '@pc/contract';
import { useEffect, useState } from 'react';

const keyOf = (businessId: string) => `businessSetupMailSentAt:${businessId}`;

/** After a setup mail is sent, the button stays disabled 5 minutes, across reloads. */
export const useResetMailLock = (businessId: string) => {
  const read = () => Number(localStorage.getItem(keyOf(businessId)) ?? 0) + RESET_MAIL_LOCK_MS - Date.now();
  const [remaining, setRemaining] = useState(read);
  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining(read()), Math.min(remaining, 1000 * 30));
    return () => clearTimeout(timer);
  });
  return {
    locked: remaining > 0,
    lock: () => {
      localStorage.setItem(keyOf(businessId), String(Date.now()));
      setRemaining(RESET_MAIL_LOCK_MS);
    },
  };
};
