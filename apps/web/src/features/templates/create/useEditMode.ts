import { templateMessages, type Template } from '@pc/contract';
import { useState } from 'react';
import { templateTexts as t } from '../texts';
import { editLocksOf, editNoteOf } from './editMode';

type Args = { editing?: Template | undefined; draft?: Template | undefined; direct: boolean };

/**
 * What the Create Template dialog does differently when it edits a template with Meta: its title,
 * the fields Meta keeps, the note on an approved template's edits, the server's own message on
 * success, and a refusal (the 24-hour limit with the time it ends, a lock) kept in the dialog until
 * the next Submit rather than a snackbar that goes.
 */
export const useEditMode = ({ editing, draft, direct }: Args) => {
  const [refusal, setRefusal] = useState<string | null>(null);
  const submitted = direct ? templateMessages.submitSuccessful : templateMessages.submittedForApproval;
  return {
    /** The template the form starts from. */
    loaded: editing ?? draft,
    title: editing ? t.editTitle : draft ? t.draftTitle : t.createTitle,
    locks: editing && editLocksOf(editing),
    note: editing ? editNoteOf(editing) : null,
    /** The snackbar after Submit: an edit's is the server's ('Template changes sent to Meta'). */
    doneText: (answer: { message: string }) => (editing ? answer.message : submitted),
    refusal,
    setRefusal,
  };
};
