import type { CreateGiftBoxConfig, CreateManualGiftBox } from '@strideadmin/contract';
import { isoIn } from '../../helpers/dates.js';

let sequence = 0;

/** A valid POST /giftbox body with a fresh Config Name. */
export function validConfig(overrides: Partial<CreateGiftBoxConfig> = {}): CreateGiftBoxConfig {
  sequence += 1;
  return {
    type: `Bronze box ${sequence}`,
    minCoins: 5,
    maxCoins: 50,
    stepsToUnlock: 1000,
    boxesPerDay: 3,
    isActive: true,
    ...overrides,
  };
}

/** A valid POST /giftbox/manual body under `configId`: a point in Stockholm, expiring in a day. */
export function validManualBox(configId: number, overrides: Partial<CreateManualGiftBox> = {}): CreateManualGiftBox {
  return { configId, latitude: 59.3293, longitude: 18.0686, coins: 25, expiresAt: isoIn(24), ...overrides };
}
