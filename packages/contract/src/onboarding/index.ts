export * from './steps.js';
export * from './messages.js';
export * from './meta-errors.js';
export * from './calls.js';
export * from './application-form.js';
export * from './application-form-config.js';
export * from './embedded-signup.js';
export * from './account.js';
