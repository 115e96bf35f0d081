import EditIcon from '@mui/icons-material/Edit';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { SNACKBAR_HIDE_LONG_MS, whatsAppAboutMax } from '@pc/contract';
import { useId, useState, type ReactNode } from 'react';
import { countryOptions, findCountry, type CountryOption } from '../../team/countries';
import { setDefaultConfigs } from './api';
import { Section } from './Section';
import { texts } from './texts';
import type { ActionProps } from './types';
import { useAction } from './useAction';

type Editing = 'country' | 'about' | null;

const Row = ({
  label,
  value,
  canWrite,
  onEdit,
}: {
  label: string;
  value: ReactNode;
  canWrite: boolean;
  onEdit: () => void;
}) => (
  <Box
    sx={{
      display: 'flex',
      alignItems: 'center',
      gap: 1,
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
      '&:last-of-type': { borderBottom: 0 },
    }}
  >
    <Typography color="text.secondary" sx={{ minWidth: { xs: 80, sm: 140 } }}>
      {label}
    </Typography>
    <Typography component="div" sx={{ flexGrow: 1, fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
      {value}
    </Typography>
    {/* Edit icons need write access (doc 3 section 2). */}
    {canWrite && (
      <Tooltip title={`Edit ${label}`}>
        <IconButton aria-label={`Edit ${label}`} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    )}
  </Box>
);

const EditDialog = ({
  title,
  busy,
  canSave,
  onSave,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  canSave: boolean;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) => {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button variant="contained" disabled={!canSave} loading={busy} onClick={onSave}>
          {texts.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

type Defaults = { isoCode: string | null; whatsAppAbout: string | null };

/** Defaults Config: the project's country and WhatsApp about text, each with an edit dialog (doc 3 sections 2 and 8). */
export const DefaultsConfigTab = ({ project, canWrite }: ActionProps) => (
  <Section title={texts.defaults}>
    <DefaultsEditor values={project} canWrite={canWrite} assistantId={project._id} />
  </Section>
);

/**
 * The country and WhatsApp About rows with their edit dialogs: a project's (assistantId), or the
 * partner's own that new projects start with (Manage, Defaults: no assistantId).
 */
export const DefaultsEditor = ({
  values: project,
  canWrite,
  assistantId,
}: {
  values: Defaults;
  canWrite: boolean;
  assistantId?: string;
}) => {
  const [editing, setEditing] = useState<Editing>(null);
  const [country, setCountry] = useState<CountryOption | null>(null);
  const [about, setAbout] = useState('');
  const close = () => setEditing(null);
  const save = useAction(
    (body: { isoCode?: string; whatsAppAbout?: string }) =>
      setDefaultConfigs({ ...(assistantId ? { assistantId } : {}), ...body }),
    { fallback: texts.updateFailed, onSuccess: close, hideAfterMs: SNACKBAR_HIDE_LONG_MS },
  );
  const current = findCountry(project.isoCode ?? undefined);
  const aboutText = about.trim();
  return (
    <>
      <Stack>
        <Row
          label={texts.country}
          value={current ? `${current.flag} ${current.name}` : (project.isoCode ?? texts.notSet)}
          canWrite={canWrite}
          onEdit={() => {
            setCountry(current);
            setEditing('country');
          }}
        />
        <Row
          label={texts.about}
          value={project.whatsAppAbout ?? texts.notSet}
          canWrite={canWrite}
          onEdit={() => {
            setAbout(project.whatsAppAbout ?? '');
            setEditing('about');
          }}
        />
      </Stack>
      {editing === 'country' && (
        <EditDialog
          title={texts.editCountry}
          busy={save.isPending}
          canSave={Boolean(country) && country?.code !== project.isoCode}
          onSave={() => country && save.mutate({ isoCode: country.code })}
          onClose={close}
        >
          <Autocomplete
            options={countryOptions}
            value={country}
            onChange={(_, value) => setCountry(value)}
            getOptionLabel={(o) => `${o.flag} ${o.name}`}
            isOptionEqualToValue={(a, b) => a.code === b.code}
            renderInput={(params) => <TextField {...params} autoFocus margin="dense" label={texts.country} />}
          />
        </EditDialog>
      )}
      {editing === 'about' && (
        <EditDialog
          title={texts.editAbout}
          busy={save.isPending}
          canSave={aboutText.length > 0 && aboutText !== project.whatsAppAbout}
          onSave={() => save.mutate({ whatsAppAbout: aboutText })}
          onClose={close}
        >
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={texts.about}
            value={about}
            onChange={(e) => setAbout(e.target.value)}
            helperText={`${about.length}/${whatsAppAboutMax}`}
            slotProps={{ htmlInput: { maxLength: whatsAppAboutMax } }}
          />
        </EditDialog>
      )}
    </>
  );
};
