import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Dashboard, DateRange, GiftCard, ListResponse } from '@strideadmin/contract';
import { createUserViaApi, setPasswordViaApi, uniqueLetters } from './api';
import { mailsTo } from './mail';

/** The Home dashboard's tiles, by label, with the key of the figure each one shows. */
export const tileFigures = {
  'New users': 'newUsers',
  'Active walkers': 'activeWalkers',
  Steps: 'steps',
  'Coins earned': 'coinsEarned',
  'Coins spent': 'coinsSpent',
  'Gift cards redeemed': 'giftCardsRedeemed',
  'Gift cards in stock': 'giftCardsInStock',
  'Unread queries': 'unreadQueries',
} as const satisfies Record<string, keyof Dashboard['totals']>;
export type Figures = Record<keyof Dashboard['totals'], number>;

/** What a range's tiles say under each number (the range-bound ones). */
export const rangeHints: Record<Exclude<DateRange, 'All'>, string> = {
  Today: 'Today',
  Week: 'Last 7 days',
  Month: 'Last 30 days',
  Year: 'Last 12 months',
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Opens / with the range (a fresh load: nothing cached) and waits for its figures. */
export async function openDashboard(page: Page, range: DateRange) {
  await page.goto(range === 'Today' ? '/' : `/?range=${range}`);
  const steps = page.getByRole('group', { name: 'Steps' });
  await expect(steps).toContainText(range === 'All' ? /Since / : rangeHints[range]);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The numbers of the tiles on screen ("12,345" → 12345). */
export async function readTiles(page: Page): Promise<Figures> {
  const out: Partial<Figures> = {};
  for (const [label, key] of Object.entries(tileFigures)) {
    const text = await page.getByRole('group', { name: label, exact: true }).getByTestId('stat-value').textContent();
    out[key] = Number((text ?? '').replace(/[^\d]/g, ''));
  }
  return out as Figures;
}

/** GET /api/dashboard?range= as the portal calls it. */
export async function dashboardViaApi(request: APIRequestContext, token: string, range: DateRange): Promise<Dashboard> {
  const res = await request.get(`/api/dashboard?range=${range}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { body: Dashboard }).body;
}

/** Unread complaint queries, from the query list (GET /message?isRead=false: its count). */
export async function unreadQueriesViaList(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/message?isRead=false&limit=10', { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { body: ListResponse<unknown> }).body.count;
}

/**
 * Gift cards in stock, from the card list: the cards that are not expired (isExpired=false),
 * less the ones somebody redeemed (redeemedAt set), counted over every page.
 */
export async function giftCardsInStockViaList(request: APIRequestContext, token: string): Promise<number> {
  let inStock = 0;
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/giftcard?isExpired=false&limit=100&page=${page}&sort=createdAt&order=asc`, {
      headers: auth(token),
    });
    expect(res.status(), await res.text()).toBe(200);
    const { rows } = ((await res.json()) as { body: ListResponse<GiftCard> }).body;
    inStock += rows.filter((c) => c.redeemedAt === null).length;
    if (rows.length < 100) return inStock; // the last page (count may be capped: decision 0011)
  }
}

export interface Walker {
  id: number;
  token: string;
}

/**
 * Signs up through the app's own call (POST /api/auth/register: no token in its answer), verifies
 * the address with the e-mailed link (redeeming needs it), and signs in as the app does.
 */
export async function registerWalker(request: APIRequestContext, name: string): Promise<Walker> {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${uniqueLetters()}@example.com`;
  const res = await request.post('/api/auth/register', { data: { email, name, password: 'walker-pass-123' } });
  expect(res.status(), await res.text()).toBe(200);
  await verifyByMail(request, email);
  const login = await request.post('/api/auth/login', { data: { email, password: 'walker-pass-123' } });
  expect(login.status(), await login.text()).toBe(200);
  const { body } = (await login.json()) as { body: { token: string; user: { id: number } } };
  return { id: body.user.id, token: body.token };
}

/**
 * An administrator turns step tracking on for a user (PUT /api/users; new accounts start Disabled,
 * docs/behaviour.md §3).
 */
export async function enableTracking(request: APIRequestContext, adminToken: string, id: number, name: string) {
  const res = await request.put('/api/users', {
    data: {
      updateId: id,
      name,
      dob: null,
      height: 0,
      weight: 0,
      gender: null,
      totalCoins: 0,
      dailyFSGoal: 0,
      isActive: true,
      isTracking: true,
      role: 'User',
    },
    headers: auth(adminToken),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A walker made by an administrator with tracking on, signed in the way the app signs in. */
/** Verifies the address with the verify link e-mailed to it (invitation or sign-up), as its owner would. */
async function verifyByMail(request: APIRequestContext, email: string) {
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        const link = (await mailsTo(email))
          .flatMap((m) => m.links)
          .find((l) => new URL(l).pathname === '/verify-account');
        token = link ? new URL(link).searchParams.get('token') : null;
        return token !== null;
      },
      { message: `a verify link e-mailed to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  const res = await request.post('/api/auth/verifyToken', { data: { temp_code: token } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function createTrackedWalker(
  request: APIRequestContext,
  adminToken: string,
  name: string,
): Promise<Walker> {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${uniqueLetters()}@example.com`;
  const id = await createUserViaApi(request, adminToken, { name, email, isTracking: true });
  await verifyByMail(request, email);
  await setPasswordViaApi(request, adminToken, id, 'walker-pass-123');
  const res = await request.post('/api/auth/login', { data: { email, password: 'walker-pass-123' } });
  expect(res.status(), await res.text()).toBe(200);
  return { id, token: ((await res.json()) as { body: { token: string } }).body.token };
}

/** POST /api/app/steps: the walker's steps of a day. */
export async function syncSteps(request: APIRequestContext, walker: Walker, date: string, steps: number) {
  const res = await request.post('/api/app/steps', { data: { date, steps }, headers: auth(walker.token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { body: { credited: number; totalCoins: number } }).body;
}

/** POST /api/app/giftcard/{id}/redeem. */
export async function redeemCard(request: APIRequestContext, walker: Walker, cardId: number) {
  const res = await request.post(`/api/app/giftcard/${cardId}/redeem`, { headers: auth(walker.token) });
  expect(res.status(), await res.text()).toBe(200);
}

/** YYYY-MM-DD `n` days before the ISO day `day`. */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}
