import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { Box, Button, FormHelperText, FormLabel, IconButton, TextField, Tooltip } from '@mui/material';
import { AUTH_SUPPORTED_APPS_MAX, packageNameOk, signatureHashOk, type SupportedApp } from '@pc/contract';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { templateTexts as t } from '../texts';
import { emptyApp, type TemplateFormValues } from './form';
import { useFieldError } from './useFieldError';
import { useSetChoice } from './useSetChoice';

const isEmpty = (app: SupportedApp) => app.packageName.trim() === '' && app.signatureHash.trim() === '';

/**
 * Which inputs the apps' failure points at: those not following Meta's rules in the apps typed,
 * or the first app's when none is (the validator's message says which rule).
 */
const failing = (apps: readonly SupportedApp[], failed: boolean) => {
  const noneTyped = apps.every(isEmpty);
  return (app: SupportedApp, index: number) => {
    if (!failed) return { packageName: false, signatureHash: false };
    if (noneTyped) return { packageName: index === 0, signatureHash: index === 0 };
    const typed = !isEmpty(app);
    return {
      packageName: typed && !packageNameOk(app.packageName.trim()),
      signatureHash: typed && !signatureHashOk(app.signatureHash.trim()),
    };
  };
};

/** The Android apps of a one-tap or zero-tap template: package name and signing key hash, 1 to 5. */
export const SupportedAppsField = () => {
  const { control, getValues } = useFormContext<TemplateFormValues>();
  const apps = useWatch({ control, name: 'authentication.supportedApps' });
  const set = useSetChoice();
  const error = useFieldError('authentication.supportedApps');
  const labelId = useId();
  const marked = failing(apps, Boolean(error));
  const current = () => getValues('authentication.supportedApps');
  const update = (index: number, patch: Partial<SupportedApp>) =>
    set(
      'supportedApps',
      current().map((a, i) => (i === index ? { ...a, ...patch } : a)),
    );
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      data-field="authentication.supportedApps"
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Box>
        <FormLabel id={labelId}>{t.supportedApps}</FormLabel>
        <FormHelperText sx={{ mt: 0.25 }}>{t.supportedAppsHelper(AUTH_SUPPORTED_APPS_MAX)}</FormHelperText>
      </Box>
      {apps.map((app, i) => {
        const bad = marked(app, i);
        return (
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
            <Box
              sx={{
                flex: 1,
                minWidth: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'minmax(0,3fr) minmax(0,2fr)' },
              }}
            >
              <TextField
                label={t.packageName(i + 1)}
                value={app.packageName}
                onChange={(e) => update(i, { packageName: e.target.value })}
                error={bad.packageName}
                helperText={t.packageNameHelper}
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
              <TextField
                label={t.signatureHash(i + 1)}
                value={app.signatureHash}
                onChange={(e) => update(i, { signatureHash: e.target.value })}
                error={bad.signatureHash}
                helperText={t.signatureHashHelper(app.signatureHash.trim().length)}
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
            </Box>
            {apps.length > 1 && (
              <Tooltip title={t.removeApp(i + 1)}>
                <IconButton
                  aria-label={t.removeApp(i + 1)}
                  onClick={() =>
                    set(
                      'supportedApps',
                      current().filter((_, j) => j !== i),
                    )
                  }
                  sx={{ mt: 0.5 }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        );
      })}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {apps.length < AUTH_SUPPORTED_APPS_MAX && (
        <Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => set('supportedApps', [...current(), { ...emptyApp }])}
          >
            {t.addApp}
          </Button>
        </Box>
      )}
    </Box>
  );
};
