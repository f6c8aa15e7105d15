export { appCatalogueRoutes } from './routes.js';
