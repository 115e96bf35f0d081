import { Alert, Box, Typography } from '@mui/material';
import { formatDateTime } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchSandboxPhone, retryQuery } from './api';
import { signupKeys } from './keys';
import { pageTexts } from './texts';

const POLL_MS = 2000;

/**
 * With the sandbox, what the number's phone received (the OTP, the test message): no SMS leaves the
 * server, so a tester reads them here. The console's Sandbox phone panel in the sign-up's card.
 */
export const SandboxPhoneCard = ({ token, dialCode, mobile }: { token: string; dialCode: string; mobile: string }) => {
  const number = `${dialCode}${mobile}`;
  const phone = useQuery({
    queryKey: signupKeys.sandboxPhone(token, number),
    queryFn: () => fetchSandboxPhone(token, { dialCode, mobile }),
    refetchInterval: POLL_MS,
    staleTime: 0,
    retry: retryQuery,
  });
  const inbox = phone.data?.inbox ?? [];
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid="sandbox-phone"
      sx={{ '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <Typography variant="subtitle2">{pageTexts.sandboxPhone}</Typography>
      <Typography variant="body2" color="text.secondary">
        {pageTexts.sandboxHelp(number)}
      </Typography>
      {inbox.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {pageTexts.sandboxEmpty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1 }}>
          {inbox.map((message) => (
            <li key={`${message.at}-${message.text}`}>
              <Typography variant="body2" data-testid="sandbox-message" sx={{ overflowWrap: 'anywhere' }}>
                {message.text}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(message.at)}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
};
