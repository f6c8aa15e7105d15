export { changeCoins, lockBalance, setCoins } from './service.js';
export type { CoinChange, CoinKind } from './service.js';
