import { signupTexts, type SignupPageResponse, type SignupSessionResponse } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLoader } from '../../ui/PageLoader';
import { fetchSignupSession, isCallError, retryQuery } from './api';
import { signupKeys } from './keys';
import { SignupAlert, useSignupAlert } from './SignupAlert';
import { StepOneForm } from './StepOneForm';
import { StepThreeDone } from './StepThreeDone';
import { StepTwoPhone } from './StepTwoPhone';
import { clearSignup, readSignup } from './storage';

type Phone = { dialCode: string; mobile: string };
type Progress = { step: 1 } | { step: 2 | 3; token: string; phone: Phone; projectName: string; live: boolean };

const fromSession = (session: SignupSessionResponse, token: string): Progress =>
  session.step === 1
    ? { step: 1 }
    : {
        step: session.step,
        token,
        phone: { dialCode: session.dialCode, mobile: session.mobile },
        projectName: session.projectName,
        live: session.live,
      };

/**
 * The three steps and where this tab's sign-up stands: a sign-up this tab started (its token in
 * sessionStorage) goes on at the server's step after a reload; an expired or unknown one starts over.
 */
export const SignupFlow = ({ partnerId, page }: { partnerId: string; page: SignupPageResponse }) => {
  const alert = useSignupAlert();
  const [storedToken] = useState(() => readSignup(partnerId)?.signupToken ?? null);
  // Null until the user moves on: until then the step is the resumed one.
  const [progress, setProgress] = useState<Progress | null>(storedToken ? null : { step: 1 });
  const resume = useQuery({
    queryKey: signupKeys.resume(storedToken ?? ''),
    queryFn: async () => {
      try {
        return await fetchSignupSession(storedToken!);
      } catch (error) {
        if (isCallError(error) && (error.status === 401 || error.status === 404)) {
          clearSignup(partnerId);
          return null;
        }
        throw error;
      }
    },
    retry: retryQuery,
    enabled: progress === null && storedToken !== null,
  });

  // The step's heading takes the focus once the user has moved on, not on the page's first show.
  const [moved, setMoved] = useState(false);
  const go = (next: Progress) => {
    setProgress(next);
    setMoved(true);
  };
  const current: Progress | null =
    progress ?? (resume.isPending ? null : resume.data ? fromSession(resume.data, storedToken!) : { step: 1 });

  const expired = () => {
    clearSignup(partnerId);
    go({ step: 1 });
    alert.show({ severity: 'error', text: signupTexts.sessionExpired });
  };

  const body = (() => {
    if (!current) return <PageLoader />;
    if (current.step === 1)
      return (
        <StepOneForm
          partnerId={partnerId}
          page={page}
          show={alert.show}
          focusHeading={moved}
          onConnected={(c) =>
            go({
              step: 2,
              token: c.token,
              phone: { dialCode: c.dialCode, mobile: c.mobile },
              projectName: c.companyName,
              live: c.live,
            })
          }
        />
      );
    if (current.step === 2)
      return (
        <StepTwoPhone
          token={current.token}
          sandbox={page.sandbox}
          phone={current.phone}
          show={alert.show}
          focusHeading={moved}
          onExpired={expired}
          onVerified={(phone) => go({ ...current, step: 3, phone })}
        />
      );
    return (
      <StepThreeDone
        token={current.token}
        phone={current.phone}
        known={current}
        show={alert.show}
        focusHeading={moved}
        onExpired={expired}
      />
    );
  })();

  return (
    <>
      {body}
      <SignupAlert shown={alert.shown} onClose={alert.close} />
    </>
  );
};
