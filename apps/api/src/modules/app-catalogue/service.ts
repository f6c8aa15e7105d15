import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import {
  type AppCatalogueCard,
  type AppGiftCardsQuery,
  type AppMyGiftCard,
  type AppNearbyBox,
  type AppNearbyBoxesQuery,
  earthRadiusM,
  formatDuration,
  limits,
  type ListResponse,
  todayIso,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { countUpTo } from '../../db/list.js';
import { giftBoxConfigs, giftBoxes, giftCards, stepLogs, users } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';
import { giftCardIsExpired } from '../gift-cards/index.js';
import { startOfDay } from '../mobile-app/index.js';

/**
 * What the app reads besides its activity calls (docs/behaviour.md §11): the gift cards it may
 * redeem, the caller's own cards, and the gift boxes near it. Reads only: nothing here changes
 * coins.
 */

/** A catalogue card's columns: never the serial number nor the control code. */
const catalogueColumns = {
  id: giftCards.id,
  storeName: giftCards.storeName,
  storeAddress: giftCards.storeAddress,
  amount: giftCards.amount,
  currency: giftCards.currency,
  cardPicture: giftCards.cardPicture,
  price: giftCards.price,
  validTill: giftCards.validTill,
  expiryDuration: giftCards.expiryDuration,
};

/** listCatalogue's filters (the plan test explains its statement as it runs). */
export function catalogueWhere(userId: number, query: AppGiftCardsQuery, now: Date) {
  return and(
    isNull(giftCards.userId),
    isNull(giftCards.redeemedAt),
    not(giftCardIsExpired(now)),
    query.storeName ? containsInsensitive(giftCards.storeName, query.storeName) : undefined,
    query.affordable === 'true'
      ? sql`${giftCards.price} <= (select ${users.totalCoins} from ${users} where ${users.id} = ${userId})`
      : undefined,
  );
}

/** listCatalogue's page. */
export function catalogueStatement(db: Db, userId: number, query: AppGiftCardsQuery, now: Date) {
  return db
    .select(catalogueColumns)
    .from(giftCards)
    .where(catalogueWhere(userId, query, now))
    .orderBy(asc(giftCards.price), asc(giftCards.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/**
 * GET /app/giftcards: cards in stock (no owner, never redeemed, not expired), cheapest first (ties
 * by id), read off gift_cards_in_stock_price_idx in that order. storeName: contains, any case (as
 * the portal's filter). affordable=true: price ≤ the caller's balance, read by a subquery of the
 * same statement (no round trip of its own).
 */
export async function listCatalogue(
  db: Db,
  userId: number,
  query: AppGiftCardsQuery,
  now: Date,
): Promise<ListResponse<AppCatalogueCard>> {
  const [rows, count] = await Promise.all([
    catalogueStatement(db, userId, query, now),
    countUpTo(db, giftCards, catalogueWhere(userId, query, now), query),
  ]);
  return { rows: rows.map((r) => ({ ...r, expiryDurationText: formatDuration(r.expiryDuration) })), ...count };
}

/**
 * GET /app/giftcards/mine: the caller's redeemed cards, newest first, with their codes. The
 * Expiry Duration (minutes, when above 0) runs from the redemption: `expiresIn` is the time left
 * of it, in whole minutes rounded up (a card just redeemed shows its whole duration, as the
 * portal shows it), null without a duration or once the card is expired (isExpired, which also
 * counts Valid Till).
 */
export async function listMyCards(
  db: Db,
  userId: number,
  page: { page: number; limit: number },
  now: Date,
): Promise<ListResponse<AppMyGiftCard>> {
  // Every card with an owner was redeemed by them (POST /app/giftcard/{id}/redeem sets both).
  const mine = and(eq(giftCards.userId, userId), isNotNull(giftCards.redeemedAt));
  const [rows, count] = await Promise.all([
    db
      .select({
        ...catalogueColumns,
        serialNumber: giftCards.serialNumber,
        controlCode: giftCards.controlCode,
        redeemedAt: sql<Date>`${giftCards.redeemedAt}`.mapWith(giftCards.redeemedAt),
        isExpired: giftCardIsExpired(now),
      })
      .from(giftCards)
      .where(mine)
      .orderBy(desc(giftCards.redeemedAt), desc(giftCards.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    countUpTo(db, giftCards, mine, page),
  ]);
  return {
    rows: rows.map((r) => {
      const { redeemedAt } = r;
      const endsAt = r.expiryDuration > 0 ? new Date(redeemedAt.getTime() + r.expiryDuration * 60_000) : null;
      const minutesLeft = endsAt ? Math.ceil((endsAt.getTime() - now.getTime()) / 60_000) : 0;
      return {
        ...r,
        expiryDurationText: formatDuration(r.expiryDuration),
        redeemedAt: redeemedAt.toISOString(),
        durationEndsAt: endsAt?.toISOString() ?? null,
        expiresIn: endsAt && !r.isExpired && minutesLeft > 0 ? formatDuration(minutesLeft) : null,
      };
    }),
    ...count,
  };
}

const degrees = (rad: number) => (rad * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;

/**
 * The latitude/longitude rectangle holding every point within `radius` metres of (lat, lng) on
 * the sphere, as a condition on the box's columns (gift_boxes_unopened_position_idx serves it).
 * Near a pole (the circle reaches it) every longitude is in; across the antimeridian the
 * longitudes are two ranges. A hair wider than exact, so that rounding never drops a box the exact
 * distance keeps.
 */
export function boundingBox(lat: number, lng: number, radius: number): SQL {
  const angle = (radius / earthRadiusM) * 1.000001;
  const dLat = degrees(angle);
  const latMin = lat - dLat;
  const latMax = lat + dLat;
  const latitude = and(gte(giftBoxes.latitude, Math.max(-90, latMin)), lte(giftBoxes.latitude, Math.min(90, latMax)))!;
  const cosLat = Math.cos(radians(lat));
  if (latMin <= -90 || latMax >= 90 || Math.sin(angle) >= cosLat) return latitude;
  const dLng = degrees(Math.asin(Math.sin(angle) / cosLat));
  const lo = lng - dLng;
  const hi = lng + dLng;
  let longitude: SQL | undefined;
  if (lo < -180) longitude = or(gte(giftBoxes.longitude, lo + 360), lte(giftBoxes.longitude, hi));
  else if (hi > 180) longitude = or(gte(giftBoxes.longitude, lo), lte(giftBoxes.longitude, hi - 360));
  else longitude = and(gte(giftBoxes.longitude, lo), lte(giftBoxes.longitude, hi));
  return and(latitude, longitude)!;
}

/** The great-circle distance (metres, haversine) from (lat, lng) to the box: the contract's greatCircleMetres in SQL. */
function distanceFrom(lat: number, lng: number): SQL<number> {
  return sql<number>`(2 * ${earthRadiusM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${giftBoxes.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${giftBoxes.latitude}))
      * power(sin(radians(${giftBoxes.longitude} - ${lng}::float8) / 2), 2)))))`;
}

/** listNearbyBoxes' statement (the plan test explains it as it runs). */
export function nearbyBoxesStatement(db: Db, userId: number, query: AppNearbyBoxesQuery, now: Date) {
  const { lat, lng, radius } = query;
  const distance = distanceFrom(lat, lng);
  const openedToday = db
    .select({ configId: giftBoxes.configId, n: sql<number>`count(*)::int`.as('n') })
    .from(giftBoxes)
    .where(and(eq(giftBoxes.openedBy, userId), gte(giftBoxes.openedAt, startOfDay(now))))
    .groupBy(giftBoxes.configId)
    .as('opened_today');
  return db
    .select({
      id: giftBoxes.id,
      latitude: giftBoxes.latitude,
      longitude: giftBoxes.longitude,
      configId: giftBoxes.configId,
      configName: giftBoxConfigs.type,
      expiresAt: giftBoxes.expiresAt,
      stepsToUnlock: giftBoxConfigs.stepsToUnlock,
      distance,
    })
    .from(giftBoxes)
    .innerJoin(giftBoxConfigs, eq(giftBoxConfigs.id, giftBoxes.configId))
    .leftJoin(openedToday, eq(openedToday.configId, giftBoxes.configId))
    .where(
      and(
        isNull(giftBoxes.openedAt),
        boundingBox(lat, lng, radius),
        gt(giftBoxes.expiresAt, now),
        eq(giftBoxConfigs.isActive, true),
        lt(sql`coalesce(${openedToday.n}, 0)`, giftBoxConfigs.boxesPerDay),
        sql`${distance} <= ${radius}`,
      ),
    )
    .orderBy(distance, asc(giftBoxes.id))
    .limit(limits.nearbyBoxesMax);
}

/**
 * GET /app/giftboxes: the boxes the caller may open today within `radius` metres of the point,
 * nearest first, at most limits.nearbyBoxesMax: not opened, not expired, of an active config whose
 * boxes per day the caller has not used up today. One statement: the bounding box on
 * gift_boxes_unopened_position_idx, then the exact distance; the caller's opens today come from
 * gift_boxes_opened_by_idx. `unlocked`: today's steps reach the config's steps to unlock (the
 * day's step log, read beside it).
 */
export async function listNearbyBoxes(
  db: Db,
  userId: number,
  query: AppNearbyBoxesQuery,
  now: Date,
): Promise<{ rows: AppNearbyBox[]; stepsToday: number }> {
  const [rows, today] = await Promise.all([
    nearbyBoxesStatement(db, userId, query, now),
    db
      .select({ steps: stepLogs.steps })
      .from(stepLogs)
      .where(and(eq(stepLogs.userId, userId), eq(stepLogs.day, todayIso(now)))),
  ]);
  const stepsToday = today[0]?.steps ?? 0;
  return {
    rows: rows.map((r) => ({
      ...r,
      distance: Math.round(Number(r.distance)),
      expiresAt: r.expiresAt.toISOString(),
      unlocked: stepsToday >= r.stepsToUnlock,
    })),
    stepsToday,
  };
}
