import type { ConnectionStage, projectTabs } from '@pc/contract';

/** A project's connection stage in the words of its tab (doc 3 section 2). */
export const stageLabel = {
  FB_NOT_CONNECTED: 'FB not connected',
  PAGE_NOT_SELECTED: 'Page not selected',
  WA_NUMBER_NOT_LINKED: 'WA Number not linked',
  CONNECTED: 'Connected',
} as const satisfies Record<ConnectionStage, (typeof projectTabs)[number]>;
