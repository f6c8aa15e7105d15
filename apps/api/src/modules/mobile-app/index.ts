export { mobileAppRoutes } from './routes.js';
