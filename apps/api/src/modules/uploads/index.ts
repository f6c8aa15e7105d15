export { uploadRoutes } from './routes.js';
export { localUploadRoutes } from './file-routes.js';
