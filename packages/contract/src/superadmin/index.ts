// The super-admin's platform operations (issue 15), one file per area.
export * from './audit.js';
export * from './plans.js';
export * from './assistant-fields.js';
