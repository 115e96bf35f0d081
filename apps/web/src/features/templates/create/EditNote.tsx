import { Alert } from '@mui/material';

/** Above an edit's form: what Meta allows (an approved template's edits are counted). */
export const EditNote = ({ note }: { note: string | null }) =>
  note ? (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="edit-note">
      {note}
    </Alert>
  ) : null;
