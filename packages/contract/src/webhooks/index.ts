export * from './constants.js';
export * from './messages.js';
export * from './calls.js';
export * from './url.js';
