import type { Me } from '@pc/contract';
import { useEffect, useState } from 'react';
import { whoIsSignedInWith } from '../../app/session/api';

/** Who is signed in now and who the link would sign in, when they differ: the user chooses. */
export type SignInLinkState =
  | { step: 'none' }
  | { step: 'checking' }
  | { step: 'invalid' }
  | { step: 'accept' }
  | { step: 'keep' }
  | { step: 'ask'; current: Me; next: Me };

const sameUser = (a: Me, b: Me) => a.kind === b.kind && (a.agent?._id ?? a.name) === (b.agent?._id ?? b.name);

/**
 * A /login?token= link, checked with the server before anything changes: a refused token leaves
 * the current session alone; a link for the signed-in user changes nothing; a link for another
 * account asks which one to keep.
 */
export const useSignInLink = (linkToken: string | null, currentToken: string | null): SignInLinkState => {
  const [state, setState] = useState<SignInLinkState>({ step: linkToken ? 'checking' : 'none' });
  useEffect(() => {
    if (!linkToken) return;
    let live = true;
    setState({ step: 'checking' });
    void (async () => {
      const [next, current] = await Promise.all([
        whoIsSignedInWith(linkToken),
        currentToken && currentToken !== linkToken ? whoIsSignedInWith(currentToken) : null,
      ]);
      if (!live) return;
      if (!next) setState({ step: 'invalid' });
      else if (!current) setState({ step: 'accept' });
      else if (sameUser(current, next)) setState({ step: 'keep' });
      else setState({ step: 'ask', current, next });
    })();
    return () => {
      live = false;
    };
    // The current session is read once, when the link is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkToken]);
  return state;
};
