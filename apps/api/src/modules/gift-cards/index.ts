export { giftCardColumnsWithExpiry, giftCardIsExpired, toGiftCard } from './expiry.js';
export { giftCardRoutes } from './routes.js';
export { searchGiftCards } from './service.js';
