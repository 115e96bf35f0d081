export * from './texts.js';
export * from './project.js';
export * from './tables.js';
