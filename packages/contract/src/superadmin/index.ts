// The super-admin's platform operations (issue 15), one file per area.
export * from './audit.js';
