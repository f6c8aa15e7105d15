export { giftBoxRoutes } from './routes.js';
