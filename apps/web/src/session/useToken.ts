import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../api/token';

export const useToken = (): string | null => useSyncExternalStore(subscribeToken, getToken);
