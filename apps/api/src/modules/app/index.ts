export { appRoutes } from './routes.js';
