export { authRoutes } from './routes.js';
