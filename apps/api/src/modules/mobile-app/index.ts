export { mobileAppRoutes } from './routes.js';
export { startOfDay } from './service.js';
