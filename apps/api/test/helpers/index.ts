export * from './auth.js';
export * from './build-test-app.js';
export * from './dates.js';
export * from './factories.js';
export * from './mail.js';
export * from './docs.js';
export * from './api-client.js';
