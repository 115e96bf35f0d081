import EditIcon from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import type { Template } from '@pc/contract';
import { useState } from 'react';
import { Permitted } from '../../access/Permitted';
import { useSession } from '../../session/session';
import { CreateTemplateDialog } from './create/CreateTemplateDialog';
import { isEditable } from './create/editMode';
import { templateTexts as t } from './texts';
import { useTemplateProject } from './useTemplateProject';

/**
 * The detail's Edit: an approved, rejected or paused template Meta has not locked opens in the
 * Create Template dialog to be edited with Meta; a member without write access sees it disabled
 * with why, as Create and Sync.
 */
export const EditTemplateButton = ({ projectId, template }: { projectId: string; template: Template }) => {
  const { partner } = useSession();
  // The dialog keeps the template it opened with: the detail refreshed under it after the edit (a
  // rejected template is pending now, no longer editable) must not close it before it says so.
  const [editing, setEditing] = useState<Template | null>(null);
  // The dialog uploads sample media under the project's business (its clientId).
  const project = useTemplateProject(projectId);
  return (
    <>
      {isEditable(template) && (
        <Permitted permission="business.write">
          <Button
            variant="contained"
            startIcon={<EditIcon />}
            disabled={!project.data}
            onClick={() => setEditing(template)}
          >
            {t.edit}
          </Button>
        </Permitted>
      )}
      {editing && project.data && (
        <CreateTemplateDialog
          project={project.data}
          direct={partner?.type === 'DIRECT'}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
};
