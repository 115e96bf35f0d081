import type { Me } from '@pc/contract';
import { useEffect, useState } from 'react';
import { readClaims } from '../../api/token';
import { whoIsSignedInWith } from '../../session/api';

/** Who is signed in now and who the link would sign in, when they differ: the user chooses. */
export type SignInLinkState =
  | { step: 'none' }
  | { step: 'checking' }
  | { step: 'invalid' }
  | { step: 'unchecked' }
  | { step: 'accept' }
  | { step: 'keep' }
  | { step: 'ask'; current: Me; next: Me };

// Both tokens were accepted by the server, so their claims are the signed ones: the same subject is the same user.
const sameUser = (a: string, b: string) => {
  const [ca, cb] = [readClaims(a), readClaims(b)];
  return !!ca?.sub && ca.sub === cb?.sub && ca.kind === cb.kind;
};

/**
 * A /login?token= link, checked with the server before anything changes: a refused token leaves
 * the current session alone; so does a check the server did not answer; a link for the signed-in
 * user changes nothing; a link for another account asks which one to keep.
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
      if (next === 'refused') setState({ step: 'invalid' });
      else if (next === 'unchecked' || current === 'unchecked') setState({ step: 'unchecked' });
      // No session, or one the server no longer accepts: nothing to keep.
      else if (!current || current === 'refused') setState({ step: currentToken === linkToken ? 'keep' : 'accept' });
      else if (sameUser(currentToken!, linkToken)) setState({ step: 'keep' });
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
