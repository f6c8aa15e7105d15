export { accountRoutes } from './routes.js';
export { AccountService, type AccountDeps } from './service.js';
export { tokenLifetimeMs } from './tokens.js';
