import { Alert, AlertTitle, Stack } from '@mui/material';
import { accountNotices, type MetaAccountState } from '@pc/contract';

/**
 * What Meta said about the project's WhatsApp account on its webhooks that needs someone to act: a
 * disconnection, a violation, a rejected name or review, Meta's active alerts. Nothing when all is well.
 */
export const AccountNotices = ({ state }: { state: MetaAccountState }) => {
  const notices = accountNotices(state);
  if (notices.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="account-notices">
      {notices.map((n) => (
        <Alert key={n.title} severity={n.severity}>
          <AlertTitle>{n.title}</AlertTitle>
          {n.text}
        </Alert>
      ))}
    </Stack>
  );
};
