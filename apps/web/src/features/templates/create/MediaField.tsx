import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, LinearProgress, TextField } from '@mui/material';
import { templateMediaRules, templateMessages } from '@pc/contract';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { errorText } from '../../../api/errors';
import type { MediaFileType } from '../api';
import { templateTexts as t } from '../texts';
import { uploadSampleMedia } from '../upload';
import type { TemplateFormValues } from './form';
import { useFieldError } from './useFieldError';

type Props = { projectId: string; clientId: string; uploadedBy: string; type: MediaFileType };

/**
 * The sample media of an Image, Video or Document template: a file uploaded through the three
 * calls (with its progress), or a public link pasted. Either way the URL is the sample (rule 9).
 */
export const MediaField = ({ projectId, clientId, uploadedBy, type }: Props) => {
  const { control, setValue, formState } = useFormContext<TemplateFormValues>();
  const url = useWatch({ control, name: 'sampleMediaUrl' });
  const error = useFieldError('sampleMediaUrl');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rule = templateMediaRules[type];
  const set = (value: string) =>
    setValue('sampleMediaUrl', value, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const upload = async (file: File) => {
    setProblem(null);
    if (!(rule.contentTypes as readonly string[]).includes(file.type)) return setProblem(templateMessages.mediaType);
    if (file.size > rule.maxBytes) return setProblem(t.fileTooBig(rule.maxBytes / 1024 / 1024));
    setProgress(0);
    try {
      set(await uploadSampleMedia({ projectId, clientId, uploadedBy, file, fileType: type, onProgress: setProgress }));
    } catch (e) {
      setProblem(errorText(e, t.uploadFailed));
    } finally {
      setProgress(null);
    }
  };

  const shown = problem ?? error;
  return (
    <Box data-field="sampleMediaUrl" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={t.sampleMediaUrl}
          value={url}
          onChange={(e) => {
            setProblem(null);
            set(e.target.value);
          }}
          error={Boolean(shown)}
          helperText={shown ?? t.sampleMediaHelper}
          disabled={progress !== null}
          sx={{ flex: '1 1 240px', minWidth: 0 }}
          slotProps={{ htmlInput: { inputMode: 'url' } }}
        />
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={progress !== null}
          sx={{ mt: 0.25, flex: '0 0 auto' }}
        >
          {t.uploadMedia}
          <input
            type="file"
            hidden
            data-testid="sample-media-file"
            accept={rule.contentTypes.join(',')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </Button>
      </Box>
      {progress !== null && (
        <Box>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t.uploading} />
          <FormHelperText>{`${t.uploading} ${Math.round(progress * 100)}%`}</FormHelperText>
        </Box>
      )}
    </Box>
  );
};
