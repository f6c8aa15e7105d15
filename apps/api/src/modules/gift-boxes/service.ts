import { and, asc, desc, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type BulkDeleteResult,
  type CreateGiftBoxConfig,
  type CreateManualGiftBox,
  type GiftBox,
  type GiftBoxConfig,
  type GiftBoxConfigDetail,
  type giftBoxSortColumns,
  type ListResponse,
  type listGiftBoxConfigsQuerySchema,
  manualBoxesShown,
  messages,
  type SelectAllIdsResult,
  type UpdateGiftBoxConfig,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { giftBoxConfigs, giftBoxes } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { countUpTo } from '../../db/list.js';
import { bulkDeleteRows, matchingIds } from '../../db/bulk.js';
import { type AuditContext, auditChanges, recordAudit } from '../audit/index.js';

export type ListGiftBoxConfigsQuery = z.output<typeof listGiftBoxConfigsQuerySchema>;
type ConfigRow = typeof giftBoxConfigs.$inferSelect;
type BoxRow = typeof giftBoxes.$inferSelect;

/** The unique index of gift_box_configs (lower(type), migration 0004): a Config Name is taken in any case. */
export const configNameConstraint = 'gift_box_configs_type_lower_key';
/** The foreign key of gift_boxes.config_id: the config of a new box was not there (or was deleted meanwhile). */
export const boxConfigForeignKey = 'gift_boxes_config_id_gift_box_configs_id_fk';

/** SQLSTATE 23503 foreign_key_violation of `constraint`, from pg or PGlite, through Drizzle's wrapping. */
function isForeignKeyViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23503') return name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * How many boxes were placed by hand under each config of the query's `outer` table (or alias): a
 * correlated count, one range scan of gift_boxes_config_id_idx a row. Every name is written out in
 * full: Drizzle leaves the columns of a one-table select unqualified, and an unqualified "id"
 * inside the subquery would be the box's own.
 */
export function manualBoxCountOf(outer: string) {
  const box = (column: AnyPgColumn) => sql`"box".${sql.identifier(column.name)}`;
  return sql<number>`(select count(*)::int from ${giftBoxes} as "box" where ${box(giftBoxes.configId)} = ${sql.identifier(outer)}.${sql.identifier(giftBoxConfigs.id.name)} and ${box(giftBoxes.source)} = 'manual')`;
}
const configsTable = getTableName(giftBoxConfigs);

/** A gift box config as the API answers it (contract giftBoxConfigSchema). */
export function toGiftBoxConfig(row: ConfigRow & { manualBoxCount: number }): GiftBoxConfig {
  return {
    id: row.id,
    type: row.type,
    minCoins: row.minCoins,
    maxCoins: row.maxCoins,
    stepsToUnlock: row.stepsToUnlock,
    boxesPerDay: row.boxesPerDay,
    isActive: row.isActive,
    manualBoxCount: row.manualBoxCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A placed box as the API answers it (contract giftBoxSchema); who placed or opened it stays inside. */
export function toGiftBox(row: BoxRow): GiftBox {
  return {
    id: row.id,
    configId: row.configId,
    latitude: row.latitude,
    longitude: row.longitude,
    coins: row.coins,
    expiresAt: row.expiresAt.toISOString(),
    source: row.source,
    openedAt: row.openedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const giftBoxSortKeys = {
  id: 'id',
  type: 'type',
  minCoins: 'minCoins',
  maxCoins: 'maxCoins',
  stepsToUnlock: 'stepsToUnlock',
  boxesPerDay: 'boxesPerDay',
  isActive: 'isActive',
  createdAt: 'createdAt',
} as const satisfies Record<(typeof giftBoxSortColumns)[number], keyof ConfigRow>;

/** The filter of GET /giftbox (and of its export). */
export function giftBoxConfigsWhere(query: ListGiftBoxConfigsQuery) {
  return query.type ? containsInsensitive(giftBoxConfigs.type, query.type) : undefined;
}

/** The filter and order of the config list (GET /giftbox and GET /giftbox/ids). */
function configsMatching(query: ListGiftBoxConfigsQuery) {
  const direction = query.order === 'asc' ? asc : desc;
  const sortKey = giftBoxSortKeys[query.sort];
  return {
    where: giftBoxConfigsWhere(query),
    direction,
    sortKey,
    orderBy: [direction(giftBoxConfigs[sortKey]), direction(giftBoxConfigs.id)],
  };
}

/**
 * GET /giftbox: one page of the filtered configs and the filtered total. `type` (Config Name) is a
 * case-insensitive "contains" (trigram-indexed). The page is cut first (a subquery), then each of
 * its rows counts its boxes, so a list of a million configs counts the boxes of one page only.
 * Ties on the sort column are broken by id, so a config never shows on two pages.
 */
export async function listGiftBoxConfigs(db: Db, query: ListGiftBoxConfigsQuery): Promise<ListResponse<GiftBoxConfig>> {
  const { where, direction, sortKey, orderBy } = configsMatching(query);
  const page = db
    .select()
    .from(giftBoxConfigs)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select({ ...page._.selectedFields, manualBoxCount: manualBoxCountOf('page') })
      .from(page)
      .orderBy(direction(page[sortKey]), direction(page.id)),
    countUpTo(db, giftBoxConfigs, where, query),
  ]);
  return { rows: rows.map(toGiftBoxConfig), ...total };
}

/** GET /giftbox/ids: the ids of every config the list's filter matches, in its order (docs/behaviour.md §12). */
export function listGiftBoxConfigIds(db: Db, query: ListGiftBoxConfigsQuery): Promise<SelectAllIdsResult> {
  const { where, orderBy } = configsMatching(query);
  return matchingIds(db, { table: giftBoxConfigs, id: giftBoxConfigs.id, where, orderBy });
}

/** GET /giftbox/{id}: the config and its hand-placed boxes, newest first, at most manualBoxesShown. */
export async function getGiftBoxConfig(db: Db, id: number): Promise<GiftBoxConfigDetail | undefined> {
  const [[config], boxes] = await Promise.all([
    db
      .select({ ...getTableColumns(giftBoxConfigs), manualBoxCount: manualBoxCountOf(configsTable) })
      .from(giftBoxConfigs)
      .where(eq(giftBoxConfigs.id, id)),
    db
      .select()
      .from(giftBoxes)
      .where(and(eq(giftBoxes.configId, id), eq(giftBoxes.source, 'manual')))
      .orderBy(desc(giftBoxes.createdAt), desc(giftBoxes.id))
      .limit(manualBoxesShown),
  ]);
  return config ? { ...toGiftBoxConfig(config), ManualBoxes: boxes.map(toGiftBox) } : undefined;
}

/** POST /giftbox. The unique index decides (no check-then-insert): two requests at once cannot both win. */
export async function createGiftBoxConfig(
  db: Db,
  audit: AuditContext,
  input: CreateGiftBoxConfig,
): Promise<{ ok: true; id: number } | Refusal> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(giftBoxConfigs).values(input).returning({ id: giftBoxConfigs.id });
      if (!row) throw new Error('insert returned no row');
      const changes = auditChanges(null, input);
      await recordAudit(tx, audit, { action: 'create', entity: 'gift-box-config', entityId: row.id, changes });
      return row.id;
    });
    return { ok: true, id };
  } catch (err) {
    if (isUniqueViolation(err, configNameConstraint)) return refuse(409, messages.configNameTaken);
    throw err;
  }
}

/** PUT /giftbox: every field of `updateId`; its boxes stay as they are. */
export async function updateGiftBoxConfig(
  db: Db,
  audit: AuditContext,
  input: UpdateGiftBoxConfig,
): Promise<{ ok: true; config: GiftBoxConfig } | Refusal> {
  const { updateId, ...fields } = input;
  const keys = Object.keys(fields) as Array<keyof typeof fields>;
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(giftBoxConfigs).where(eq(giftBoxConfigs.id, updateId)).for('update');
      if (!before) return refuse(404, messages.giftBoxConfigNotFound);
      const [row] = await tx
        .update(giftBoxConfigs)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(giftBoxConfigs.id, updateId))
        .returning({ ...getTableColumns(giftBoxConfigs), manualBoxCount: manualBoxCountOf(configsTable) });
      if (!row) return refuse(404, messages.giftBoxConfigNotFound);
      const changes = auditChanges(
        Object.fromEntries(keys.map((k) => [k, before[k]])),
        Object.fromEntries(keys.map((k) => [k, row[k]])),
      );
      await recordAudit(tx, audit, { action: 'update', entity: 'gift-box-config', entityId: updateId, changes });
      return { ok: true as const, config: toGiftBoxConfig(row) };
    });
  } catch (err) {
    if (isUniqueViolation(err, configNameConstraint)) return refuse(409, messages.configNameTaken);
    throw err;
  }
}

/** DELETE /giftbox/{id}: its boxes go with it (ON DELETE CASCADE). */
export async function deleteGiftBoxConfig(db: Db, audit: AuditContext, id: number): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(giftBoxConfigs)
      .where(eq(giftBoxConfigs.id, id))
      .returning({ type: giftBoxConfigs.type });
    if (!row) return refuse(404, messages.giftBoxConfigNotFound);
    const changes = auditChanges(row, null);
    await recordAudit(tx, audit, { action: 'delete', entity: 'gift-box-config', entityId: id, changes });
    return { ok: true as const };
  });
}

/** POST /giftbox/bulk-delete: deleteGiftBoxConfig for many ids in one transaction (their boxes go with them). */
export function bulkDeleteGiftBoxConfigs(
  db: Db,
  audit: AuditContext,
  ids: readonly number[],
): Promise<BulkDeleteResult> {
  return bulkDeleteRows(db, {
    table: giftBoxConfigs,
    id: giftBoxConfigs.id,
    ids,
    notFound: messages.giftBoxConfigNotFound,
    inTransaction: (tx, deleted) =>
      recordAudit(tx, audit, { action: 'bulk-delete', entity: 'gift-box-config', entityIds: deleted }),
  });
}

/**
 * POST /giftbox/manual: one box placed by hand by `createdBy`. The foreign key decides whether the
 * config exists (no check-then-insert: a config deleted meanwhile is a 404 too, never a 500).
 */
export async function placeManualGiftBox(
  db: Db,
  audit: AuditContext,
  input: CreateManualGiftBox,
): Promise<{ ok: true; box: GiftBox } | Refusal> {
  try {
    const box = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(giftBoxes)
        .values({ ...input, expiresAt: new Date(input.expiresAt), source: 'manual', createdBy: audit.actor.id })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const changes = auditChanges(null, input);
      await recordAudit(tx, audit, { action: 'giftbox-place', entity: 'gift-box', entityId: row.id, changes });
      return toGiftBox(row);
    });
    return { ok: true, box };
  } catch (err) {
    if (isForeignKeyViolation(err, boxConfigForeignKey)) return refuse(404, messages.giftBoxConfigNotFound);
    throw err;
  }
}

/** DELETE /giftbox/manual/{id}: a box placed by hand. */
export async function deleteManualGiftBox(db: Db, audit: AuditContext, id: number): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(giftBoxes)
      .where(and(eq(giftBoxes.id, id), eq(giftBoxes.source, 'manual')))
      .returning({ configId: giftBoxes.configId, latitude: giftBoxes.latitude, longitude: giftBoxes.longitude });
    if (!row) return refuse(404, messages.giftBoxNotFound);
    await recordAudit(tx, audit, {
      action: 'delete',
      entity: 'gift-box',
      entityId: id,
      changes: auditChanges(row, null),
    });
    return { ok: true as const };
  });
}
