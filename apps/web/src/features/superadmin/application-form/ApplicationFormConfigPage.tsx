import { Box, Button, Typography } from '@mui/material';
import { defaultApplicationFormConfigAt, type ApplicationFormConfig } from '@pc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, isApiError } from '../../../api/errors';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { PageLoader } from '../../../ui/PageLoader';
import { TextInput } from '../../../ui/TextInput';
import { useAdminNotify } from '../useAdminNotify';
import { applicationFormConfigKey, fetchApplicationFormConfig, saveApplicationFormConfig } from './api';
import { configJson, parseConfigJson } from './configJson';
import { applicationFormConfigTexts as t } from './texts';

/**
 * /application-form: the super-admin edits the application form's configuration as JSON (doc 2
 * section 2.5). Only the JSON's syntax is checked here; the server checks the rest against the
 * contract and its message is shown as it is. Not under /superadmin/, whose paths are the API's.
 */
export const ApplicationFormConfigPage = () => {
  const query = useQuery({ queryKey: applicationFormConfigKey(), queryFn: fetchApplicationFormConfig });
  return (
    <>
      <PageHeader title={t.title} />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3, maxWidth: 800 }}>
        {t.intro}
      </Typography>
      {query.isPending && <PageLoader />}
      {query.isError && <ErrorState error={query.error} fallback={t.loadFailed} onRetry={() => void query.refetch()} />}
      {/* Mounted once the configuration is here, so the editor starts from it and a refetch never overwrites typing. */}
      {query.data && <ConfigEditor saved={query.data} />}
    </>
  );
};

/** Where the server put its refusal, when it named a place (`steps.0.title`), for the field's own line. */
const refusedAt = (error: unknown): string | null => {
  if (!isApiError(error) || error.status !== 400 || !error.fields) return null;
  const [where] = Object.entries(error.fields).find(([key]) => key !== '_') ?? [];
  return where ? t.refusedAt(where, error.fields[where]!) : null;
};

const ConfigEditor = ({ saved }: { saved: ApplicationFormConfig }) => {
  const notify = useAdminNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => configJson(saved));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveApplicationFormConfig,
    onSuccess: (config) => queryClient.setQueryData(applicationFormConfigKey(), config),
  });

  const edit = (next: string) => {
    setText(next);
    setProblem(null);
  };

  const submit = async () => {
    const parsed = parseConfigJson(text);
    if (!parsed.ok) return setProblem(t.notJson(parsed.reason));
    try {
      const config = await save.mutateAsync(parsed.value);
      // The server's copy (trimmed, in the schema's order) is what the form reads from now on.
      setText(configJson(config));
      notify.success(t.saved);
    } catch (error) {
      setProblem(refusedAt(error));
      notify.error(errorText(error, t.saveFailed));
    }
  };

  const dirty = text !== configJson(saved);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <TextInput
        label={t.editorLabel}
        multiline
        minRows={16}
        maxRows={30}
        value={text}
        onChange={(event) => edit(event.target.value)}
        error={problem !== null}
        helperText={problem ?? (dirty ? t.unsaved : undefined)}
        slotProps={{ input: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } }}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13, lineHeight: 1.5 } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          onClick={() => edit(configJson(defaultApplicationFormConfigAt(window.location.origin)))}
        >
          {t.reset}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t.save}
        </Button>
      </Box>
    </Box>
  );
};
