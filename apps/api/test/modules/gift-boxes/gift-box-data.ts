import type { CreateGiftBoxConfig, CreateManualGiftBox } from '@strideadmin/contract';
import type { Db } from '../../../src/db/client.js';
import { giftBoxConfigs, giftBoxes } from '../../../src/db/schema.js';

const hour = 60 * 60 * 1000;

/** An ISO date-time `hours` from now (negative: in the past), as the portal's form sends it. */
export const isoIn = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

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

/** A config put straight into the table (a chosen createdAt, say). Answers its id. */
export async function insertConfig(db: Db, values: Partial<typeof giftBoxConfigs.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(giftBoxConfigs)
    .values({ ...validConfig(), ...values })
    .returning({ id: giftBoxConfigs.id });
  return row!.id;
}

/** A box put straight into the table under `configId` (a chosen createdAt, say). Answers its id. */
export async function insertBox(
  db: Db,
  configId: number,
  values: Partial<typeof giftBoxes.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(giftBoxes)
    .values({ ...validManualBox(configId), expiresAt: new Date(Date.now() + 24 * hour), ...values })
    .returning({ id: giftBoxes.id });
  return row!.id;
}
