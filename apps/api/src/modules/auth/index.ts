export { authRoutes } from './routes.js';
export { sessionClient, sessionRoutes } from './session-routes.js';
