import { paymentGatewayTexts as t } from '@pc/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { authorizeRazorpay } from './api';

/** As long as the server keeps an authorisation's state. */
const GIVE_UP_AFTER_MS = 10 * 60 * 1000;

/**
 * Connect opens Razorpay's authorisation page in a new tab (doc 3 section 2). The tab is opened at
 * once, inside the click, so no pop-up blocker stops it, and sent to the page when the server has
 * given its address; it gets no handle on the console (opener cleared). `connecting` (the button's
 * spinner) lasts until the tab is closed, the console's tab is looked at again, the connection is
 * made (the caller calls `done`) or the state would have expired.
 */
export const useConnectRazorpay = (partnerId: string) => {
  const notify = useNotify();
  const [connecting, setConnecting] = useState(false);
  const stopWatching = useRef<() => void>(() => {});

  const done = useCallback(() => {
    stopWatching.current();
    setConnecting(false);
  }, []);
  useEffect(() => () => stopWatching.current(), []);

  const watch = (tab: Window | null) => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (tab?.closed || Date.now() - started > GIVE_UP_AFTER_MS) done();
    }, 1000);
    // Coming back to this tab means the user is done there, whatever happened.
    const onFocus = () => done();
    window.addEventListener('focus', onFocus);
    stopWatching.current = () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      stopWatching.current = () => {};
    };
  };

  const connect = async () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setConnecting(true);
    try {
      const { url } = await authorizeRazorpay(partnerId);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      watch(tab);
    } catch (error) {
      tab?.close();
      setConnecting(false);
      notify.error(errorText(error, t.callbackFailed));
    }
  };

  return { connect, connecting, done };
};
