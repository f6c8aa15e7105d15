export { profileRoutes } from './routes.js';
export { changePassword } from './service.js';
