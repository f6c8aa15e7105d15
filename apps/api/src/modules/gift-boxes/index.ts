export { giftBoxRoutes } from './routes.js';
export { mapTileOrigin } from './map.js';
