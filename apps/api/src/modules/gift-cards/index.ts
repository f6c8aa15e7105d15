export { giftCardRoutes } from './routes.js';
