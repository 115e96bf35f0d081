import { Box } from '@mui/material';
import type { ProjectDetail } from '@pc/contract';
import { ApiKeySection } from './ApiKeySection';
import { ChatWebhookSection } from './ChatWebhookSection';

/** The project detail's Project Api tab (doc 2 section 2.1): the project API password, the chat webhook URL and its shared secret. */
export const ProjectApiTab = ({ project }: { project: ProjectDetail }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, minWidth: 0 }}>
    <ApiKeySection project={project} />
    <ChatWebhookSection projectId={project._id} />
  </Box>
);
