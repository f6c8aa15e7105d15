export { appAccountRoutes } from './routes.js';
