import { Button } from '@mui/material';
import type { ProjectSummary } from '@pc/contract';
import { Permitted } from '../../access/Permitted';
import { projectsTexts as t } from './texts';

/** The Deleted tab's button; the dialog is the page's, so that it outlives the table's switch between layouts. */
export const RestoreButton = ({ project, onRestore }: { project: ProjectSummary; onRestore: () => void }) => (
  <Permitted permission="business.write">
    <Button size="small" variant="outlined" aria-label={t.restoreTitle(project.assistantName)} onClick={onRestore}>
      {t.restore}
    </Button>
  </Permitted>
);
