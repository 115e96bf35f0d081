export * from './calls.js';
export * from './signals.js';
