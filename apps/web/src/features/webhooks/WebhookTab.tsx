import type { ProjectDetail } from '@pc/contract';
import { WebhooksPanel } from './WebhooksPanel';

/** The project detail's Webhook tab (doc 2 section 2.1): list, create and edit, loaded with the tab. */
export const WebhookTab = ({ project }: { project: ProjectDetail }) => (
  <WebhooksPanel projectId={project._id} source="project" />
);
