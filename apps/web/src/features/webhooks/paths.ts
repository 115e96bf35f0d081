const enc = encodeURIComponent;

/** The project detail's Webhook tab. */
export const webhookTabPath = (projectId: string) => `/assistants/${enc(projectId)}?tab=webhook`;
/** The Webhook management screen (doc 2 section 2.4). */
export const webhooksPath = (projectId: string) => `/projects/${enc(projectId)}/manage/webhooks`;
/** A webhook's delivery console. */
export const deliveriesPath = (projectId: string, webhookId: string) => `${webhooksPath(projectId)}/${enc(webhookId)}`;
