// The super-admin's platform operations, one file per area.
export * from './audit.js';
export * from './plans.js';
export * from './assistant-fields.js';
export * from './tickets.js';
export * from './partners.js';
export * from './projects.js';
export * from './project-actions.js';
export * from './renewals.js';
export * from './meta-deliveries.js';
