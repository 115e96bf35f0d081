import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { KYC_MAX_BYTES, kycFileTypes, projectMessages, type ProjectDetail } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorText } from '../../../api/errors';
import { useNotify } from '../../../ui/useNotify';
import { submitKyc } from '../api';
import { projectKeys } from '../keys';
import { texts } from '../texts';

const shortName = (name: string) => (name.length > 20 ? `${name.slice(0, 17)}...` : name);

/** KYC: a GST number and exactly one pdf/jpeg/jpg/png file up to 500 KB, sent as multipart. */
export const KycDialog = ({ project, onClose }: { project: ProjectDetail; onClose: () => void }) => {
  const notify = useNotify();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [gst, setGst] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const submit = useMutation({
    mutationFn: () => submitKyc({ gstNumber: gst.trim(), file: file!, assistantId: project._id }),
    onSuccess: async (answer) => {
      if (!answer.validGst) {
        notify.error(projectMessages.invalidGst);
        return;
      }
      notify.success(projectMessages.submitted);
      await client.invalidateQueries({ queryKey: projectKeys.detail(project._id) });
      onClose();
    },
    onError: (error) => notify.error(errorText(error, projectMessages.somethingWentWrong)),
  });
  const pick = (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > KYC_MAX_BYTES) {
      notify.error(projectMessages.kycFileTooLarge);
      return;
    }
    setFile(picked); // a new pick replaces the old one
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{texts.kyc}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={texts.gstNumber}
          value={gst}
          onChange={(e) => setGst(e.target.value.toUpperCase())}
          slotProps={{ htmlInput: { maxLength: 15 } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => input.current?.click()}>
            {texts.chooseFile}
          </Button>
          <input
            ref={input}
            hidden
            type="file"
            data-testid="kyc-file"
            accept={kycFileTypes.map((t) => `.${t}`).join(',')}
            onChange={(e) => pick(e.target.files?.[0])}
          />
          {file && <Typography title={file.name}>{shortName(file.name)}</Typography>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.cancel}</Button>
        <Button variant="contained" disabled={!gst.trim() || !file || submit.isPending} onClick={() => submit.mutate()}>
          {texts.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
