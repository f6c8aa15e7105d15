export { notificationRoutes } from './routes.js';
