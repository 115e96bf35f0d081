// Every table, one file per area; drizzle-kit reads this barrel.
export * from './schema/identity.js';
export * from './schema/businesses.js';
export * from './schema/plans.js';
export * from './schema/catalogue.js';
export * from './schema/projects.js';
export * from './schema/billing.js';
export * from './schema/files.js';
export * from './schema/events.js';
export * from './schema/sso.js';
export * from './schema/payment-gateway.js';
export * from './schema/templates.js';
export * from './schema/jobs.js';
export * from './schema/webhooks.js';
export * from './schema/project-api.js';
export * from './schema/onboarding.js';
export * from './schema/settings.js';
export * from './schema/signups.js';
