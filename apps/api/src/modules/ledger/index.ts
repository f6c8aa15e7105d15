export { changeCoins, lockBalance, setCoins } from './service.js';
export type { CoinChange, CoinKind } from './service.js';
export { listLedger } from './history.js';
export { ledgerRoutes } from './routes.js';
