/** The plan, credit, add-on, defaults and project actions the project detail page mounts. */
export { AddonsManagementTab } from './AddonsManagementTab';
export { DefaultsConfigTab } from './DefaultsConfigTab';
export { PlanSetupTab } from './PlanSetupTab';
export { ProjectActions, ProjectActions as ProjectActionsMenu } from './ProjectActions';
export type { ActionProps } from './types';
