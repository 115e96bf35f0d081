import { Box, Button, Chip, TextField, Typography } from '@mui/material';
import {
  metaAdsTexts as m,
  UpdateWhatsappNumberRequest,
  type MetaAdsAssistantData,
  type UpdateWhatsappNumberResponse,
} from '@pc/contract';
import { useState } from 'react';
import { useNotify } from '../../../ui/useNotify';
import { AdSection } from './AdSection';
import { updateWhatsappNumber } from './api';
import { blockedBy, Guarded } from './Guarded';
import { afterNumberCall } from './helpers';
import { OtpDialog } from './OtpDialog';
import { adTexts as t } from './texts';
import { useMetaAdChange } from './useMetaAdChange';

type Props = { projectId: string; data: MetaAdsAssistantData; canWrite: boolean };
type Call = { number: string; code?: string };

const numberField = UpdateWhatsappNumberRequest.shape.number;

/**
 * Link WhatsApp Number: the project's number by default; Meta sends a code to it ('SENT', the OTP
 * dialog opens), the code links it to the chosen page ('VERIFIED', the dialog closes). A page must
 * be chosen first ('Select facebook page !!'). A dead Facebook token answers the reconnect action:
 * the tab shows Connect Facebook again.
 */
export const WhatsappSection = ({ projectId, data, canWrite }: Props) => {
  const notify = useNotify();
  const [number, setNumber] = useState(data.linkedWhatsappNumber ?? data.whatsappNumber ?? '');
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [otpOpen, setOtpOpen] = useState(false);

  const answered = (out: UpdateWhatsappNumberResponse, call: Call) => {
    if (out.action === 'reconnect') {
      setOtpOpen(false);
      notify.error(out.message);
      notify.info(m.notConnected);
      return;
    }
    notify.success(out.message);
    if (out.otpState === 'SENT') {
      setSentTo(call.number);
      setOtpOpen(true);
    } else setOtpOpen(false);
  };
  const callFor = (call: Call) =>
    updateWhatsappNumber({
      assistantId: projectId,
      pageId: data.selectedMetaPageId,
      number: call.number,
      ...(call.code === undefined ? {} : { verificationCode: call.code }),
    });
  const options = { fallback: m.fallback, apply: afterNumberCall, onSuccess: answered };
  const send = useMetaAdChange(projectId, callFor, options);
  const verify = useMetaAdChange(projectId, callFor, options);

  const parsed = numberField.safeParse(number);
  const numberError = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const link = () => {
    if (!data.selectedMetaPageId) return notify.error(m.selectPage);
    setTouched(true);
    if (parsed.success) send.mutate({ number });
  };
  const target = sentTo ?? number;
  const blocked = blockedBy(canWrite, !data.fbConnected && m.notConnected);

  const status = data.linkedWhatsappNumber ? (
    <Chip size="small" color="success" label={t.linked} />
  ) : data.otpState === 'SENT' ? (
    <Chip size="small" color="warning" label={t.otpPending} />
  ) : (
    <Chip size="small" label={t.notLinked} />
  );
  return (
    <AdSection title={t.whatsapp} aside={status}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="wa-link-status">
        {data.linkedWhatsappNumber
          ? t.linkedTo(data.linkedWhatsappNumber, data.selectedMetaPageName ?? data.selectedMetaPageId ?? '')
          : t.notLinkedHelp}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t.number}
          value={number}
          disabled={Boolean(blocked)}
          onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 15))}
          error={Boolean(numberError)}
          helperText={numberError ?? t.numberHelp}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'tel' } }}
          sx={{ flex: '1 1 200px' }}
        />
        <Guarded reason={blocked}>
          <Button variant="contained" onClick={link} loading={send.isPending} sx={{ flexShrink: 0 }}>
            {t.linkNumber}
          </Button>
        </Guarded>
        {data.fbConnected && data.otpState === 'SENT' && !otpOpen && (
          <Guarded reason={blocked}>
            <Button onClick={() => setOtpOpen(true)}>{t.enterOtp}</Button>
          </Guarded>
        )}
      </Box>
      {otpOpen && (
        <OtpDialog
          number={target}
          verifying={verify.isPending}
          resending={send.isPending}
          onVerify={(code) => verify.mutate({ number: target, code })}
          onResend={() => send.mutate({ number: target })}
          onClose={() => setOtpOpen(false)}
        />
      )}
    </AdSection>
  );
};
