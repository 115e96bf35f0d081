import { useParams } from 'react-router';
import { webhookTabPath } from './paths';
import { ProjectScreen } from './ProjectScreen';
import { webhookTexts as t } from './texts';
import { WebhooksPanel } from './WebhooksPanel';

/** /projects/{projectId}/manage/webhooks: the Webhook management screen (doc 2 section 2.4). */
export const WebhooksPage = () => {
  const { projectId = '' } = useParams();
  return (
    <ProjectScreen projectId={projectId} title={(p) => t.pageTitle(p.assistantName)} backTo={webhookTabPath(projectId)}>
      {() => <WebhooksPanel projectId={projectId} source="manage" />}
    </ProjectScreen>
  );
};
