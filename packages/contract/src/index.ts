export * from './messages.js';
export * from './options.js';
export * from './limits.js';
export * from './schemas/envelope.js';
export * from './schemas/auth.js';
export * from './schemas/users.js';
