// The support ticket: its vocabulary and rules, and its calls (the partner's and the super-admin's).
export * from './ticket-rules.js';
export * from './ticket-calls.js';
