export { complaintQueryRoutes } from './routes.js';
