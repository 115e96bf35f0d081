import { TEMPLATE_SYNC_COOLDOWN_MS } from '@pc/contract';
import { useEffect, useState } from 'react';

const keyOf = (projectId: string) => `templateSyncUntil:${projectId}`;
const stored = (projectId: string) => Number(localStorage.getItem(keyOf(projectId)) ?? 0) || 0;

/**
 * Doc 2 section 4: after a sync, sync and create wait 5 minutes, kept in local storage (per
 * project) so a reload does not lift it. The server's last sync time moves the end later, never
 * earlier; a time in the future is read as the server's own end of the wait.
 */
export const useSyncCooldown = (projectId: string) => {
  const remainingNow = () => stored(projectId) - Date.now();
  const [remaining, setRemaining] = useState(remainingNow);
  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining(stored(projectId) - Date.now()), Math.min(remaining, 30_000));
    return () => clearTimeout(timer);
  }, [remaining, projectId]);
  return {
    coolingDown: remaining > 0,
    start: (lastSyncedAt?: string) => {
      const now = Date.now();
      const server = lastSyncedAt ? Date.parse(lastSyncedAt) : NaN;
      const serverEnd = Number.isNaN(server) ? 0 : server > now ? server : server + TEMPLATE_SYNC_COOLDOWN_MS;
      const until = Math.max(stored(projectId), now + TEMPLATE_SYNC_COOLDOWN_MS, serverEnd);
      localStorage.setItem(keyOf(projectId), String(until));
      setRemaining(until - now);
    },
  };
};
