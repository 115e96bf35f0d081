import { Box, Button, Typography } from '@mui/material';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import { signupTexts } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../ui/PageLoader';
import { errorText, fetchPartnerLogo, fetchSignupPage, isCallError, retryQuery } from './api';
import { prepareFacebookLogin } from '../../lib/facebook-login';
import { signupKeys } from './keys';
import { SignupFlow } from './SignupFlow';
import { SignupFrame } from './SignupFrame';
import { pageTexts } from './texts';

/** Why the page cannot be used: an unknown partner, sign-up off, too many requests, no answer. */
const unavailableText = (error: unknown) => {
  if (!isCallError(error)) return signupTexts.somethingWrong;
  if (error.status === 404) return errorText(error, signupTexts.notFound);
  // A malformed partner id in the link is no page either.
  if (error.status === 400) return signupTexts.notFound;
  if (error.status === 403) return errorText(error, signupTexts.closed);
  return errorText(error, signupTexts.somethingWrong);
};

/**
 * The public embedded sign-up page, /{partnerId}/embed/signup (doc 3 "Embedded sign-up page"),
 * made to sit in an iframe on the partner's site. The spec gives it three steps labelled
 * 'Step n of 2': we read steps 1 and 2 as the two the client works through (details and Facebook,
 * then the mobile number and its OTP), labelled 'Step 1 of 2' and 'Step 2 of 2', and the third as
 * the completion screen, titled 'Setup Complete' with no step label.
 */
export const EmbeddedSignupPage = () => {
  const { partnerId = '' } = useParams();
  const page = useQuery({
    queryKey: signupKeys.page(partnerId),
    queryFn: () => fetchSignupPage(partnerId),
    retry: retryQuery,
  });
  // The logo is decoration: the page shows without it when it fails.
  const logo = useQuery({
    queryKey: signupKeys.logos(partnerId),
    queryFn: () => fetchPartnerLogo(partnerId),
    retry: false,
  });
  const data = page.data;

  useEffect(() => {
    if (!data) return;
    document.title = pageTexts.title(data.companyName);
    prepareFacebookLogin(data.facebook);
  }, [data]);

  if (page.isPending)
    return (
      <SignupFrame colors={null}>
        <PageLoader />
      </SignupFrame>
    );
  if (!data) {
    const final = isCallError(page.error) && [400, 403, 404].includes(page.error.status);
    return (
      <SignupFrame colors={null}>
        <Box role="alert" sx={{ textAlign: 'center', py: 2 }}>
          <ErrorOutlineRoundedIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="h1" sx={{ mt: 1, mb: final ? 0 : 2 }}>
            {unavailableText(page.error)}
          </Typography>
          {!final && (
            <Button variant="contained" onClick={() => void page.refetch()} loading={page.isFetching}>
              {pageTexts.retry}
            </Button>
          )}
        </Box>
      </SignupFrame>
    );
  }
  return (
    <SignupFrame colors={data.colors} companyName={data.companyName} logoUrl={logo.data}>
      <SignupFlow key={partnerId} partnerId={partnerId} page={data} />
    </SignupFrame>
  );
};
