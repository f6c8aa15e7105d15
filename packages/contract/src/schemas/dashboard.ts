import { z } from '../zod.js';
import { dateRanges, defaultDateRange } from '../options.js';

/** GET /dashboard?range= (docs/behaviour.md §11 Home dashboard, §9 date ranges). */
export const dashboardQuerySchema = z.object({
  range: z.enum(dateRanges, { error: 'range must be Today, Week, Month, Year or All.' }).default(defaultDateRange),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

const figures = {
  newUsers: z.number().int(),
  activeWalkers: z.number().int(),
  steps: z.number().int(),
  coinsEarned: z.number().int(),
  coinsSpent: z.number().int(),
  giftCardsRedeemed: z.number().int(),
};

/**
 * One point of the charts: for Today an hour of the server's day so far (YYYY-MM-DDTHH:00, up to 24 points;
 * activeWalkers is then the day's walkers so far), for Week and Month a day (YYYY-MM-DD), for
 * Year and All a month (YYYY-MM).
 */
export const dashboardPointSchema = z.object({ period: z.string(), ...figures });
export type DashboardPoint = z.infer<typeof dashboardPointSchema>;

export const dashboardSchema = z.object({
  range: z.enum(dateRanges),
  /** First day of the range (YYYY-MM-DD; All: the first day with data) and today. */
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['hour', 'day', 'month']),
  /** The range's totals; activeWalkers = distinct users who walked in the range. */
  totals: z.object({
    ...figures,
    /** Now, whatever the range: cards neither redeemed nor expired, and unread queries. */
    giftCardsInStock: z.number().int(),
    unreadQueries: z.number().int(),
  }),
  series: z.array(dashboardPointSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
