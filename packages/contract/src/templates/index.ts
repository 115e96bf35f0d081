export * from './constants.js';
export * from './messages.js';
export * from './calls.js';
export * from './format.js';
export * from './validate.js';
export * from './components.js';
export * from './stored.js';
export * from './lint.js';
