import { Alert, Button, Typography } from '@mui/material';
import { formatDateTime } from '@pc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '../keys';
import { fetchSandboxPhone, turnOffTwoStep } from './api';
import { troubleshootingTexts as t } from './texts';

/**
 * With the sandbox Meta, what the number's phone received (the code Meta sent), and WhatsApp
 * Manager's two-step verification switch when asked for: every step can be done in the demo.
 */
export const SandboxPhonePanel = ({
  partnerId,
  projectId,
  twoStep = false,
}: {
  partnerId: string;
  projectId: string;
  twoStep?: boolean;
}) => {
  const client = useQueryClient();
  const phone = useQuery({
    queryKey: projectKeys.sandboxPhone(projectId),
    queryFn: () => fetchSandboxPhone(partnerId, projectId),
  });
  const off = useMutation({
    mutationFn: () => turnOffTwoStep(partnerId, projectId),
    onSuccess: (p) => client.setQueryData(projectKeys.sandboxPhone(projectId), p),
  });
  const last = phone.data?.inbox[0];
  return (
    <Alert severity="info" variant="outlined" data-testid="sandbox-phone">
      <Typography variant="subtitle2">{t.sandboxPhone}</Typography>
      <Typography variant="body2">
        {last ? `${t.sandboxInbox(last.code, last.method)} · ${formatDateTime(last.at)}` : t.sandboxNoCode}
      </Typography>
      {twoStep &&
        (phone.data?.twoStepOn === false ? (
          <Typography variant="body2">{t.twoStepOff}</Typography>
        ) : (
          <Button size="small" sx={{ mt: 1 }} disabled={off.isPending} onClick={() => off.mutate()}>
            {t.turnOffTwoStep}
          </Button>
        ))}
    </Alert>
  );
};
