export { CreateBusinessDialog } from './CreateBusinessDialog';
export { CreateBusinessWizard } from './CreateBusinessWizard';
export { CreateProjectDialog, type BusinessRef, type CreatedProject } from './CreateProjectDialog';
export { businessKeys, planKeys } from './keys';
export { usePlanCatalogue } from './usePlanCatalogue';
