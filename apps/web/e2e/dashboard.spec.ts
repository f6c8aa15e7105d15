import { dateRanges, type DateRange } from '@strideadmin/contract';
import { uploadCardPictureViaApi, createGiftCardViaApi } from './support/gift-cards';
import {
  createTrackedWalker,
  dashboardViaApi,
  daysBefore,
  enableTracking,
  type Figures,
  giftCardsInStockViaList,
  openDashboard,
  readTiles,
  redeemCard,
  registerWalker,
  syncSteps,
  unreadQueriesViaList,
} from './support/dashboard';
import { uniqueLetters } from './support/api';
import { expect, test } from './support/fixtures';

/**
 * The Home dashboard against the real server. Other specs create users, cards and queries at the
 * same time, so the figures are checked in ways that hold whatever they do: the app activity of
 * this file (steps, coins, a redemption: no other spec makes any) as exact before/after
 * differences per range; sign-ups as at least this file's; every tile against the database's
 * figures read just before and just after the page (retried until nothing moved in between); and
 * the live counts against the lists that show them.
 */
test.describe.configure({ mode: 'serial' });

const charts = ['Steps', 'Active walkers', 'Coins earned and spent', 'New users'];

test("the tiles move with the app's activity, range by range", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  const { token } = await signIn();
  const today = (await dashboardViaApi(page.request, token, 'Today')).to;

  const before = {} as Record<DateRange, Figures>;
  for (const range of dateRanges) {
    await openDashboard(page, range);
    before[range] = await readTiles(page);
  }

  // Two sign-ups: one through the app's own register call, one made by an administrator.
  const tag = uniqueLetters();
  const ann = await registerWalker(page.request, `Dash Ann ${tag}`);
  await enableTracking(page.request, token, ann.id, `Dash Ann ${tag}`);
  const bo = await createTrackedWalker(page.request, token, `Dash Bo ${tag}`);
  // Steps on days inside and outside the ranges; coins are credited today, when the app syncs.
  expect((await syncSteps(page.request, ann, today, 1200)).credited).toBe(12);
  expect((await syncSteps(page.request, ann, daysBefore(today, 3), 3400)).credited).toBe(34);
  expect((await syncSteps(page.request, bo, daysBefore(today, 20), 5600)).credited).toBe(56);
  // A later sync of the same day replaces its count (it is not added).
  expect((await syncSteps(page.request, ann, today, 1250)).credited).toBe(0);
  // Ann spends 40 of her 46 coins on a card.
  const cardPicture = await uploadCardPictureViaApi(page.request, token);
  const { id: cardId } = await createGiftCardViaApi(page.request, token, { cardPicture, price: 40 });
  await redeemCard(page.request, ann, cardId);

  const walked: Record<DateRange, { activeWalkers: number; steps: number }> = {
    Today: { activeWalkers: 1, steps: 1250 },
    Week: { activeWalkers: 1, steps: 1250 + 3400 },
    Month: { activeWalkers: 2, steps: 1250 + 3400 + 5600 },
    Year: { activeWalkers: 2, steps: 1250 + 3400 + 5600 },
    All: { activeWalkers: 2, steps: 1250 + 3400 + 5600 },
  };
  for (const range of dateRanges) {
    await openDashboard(page, range);
    const after = await readTiles(page);
    const moved = (key: keyof Figures) => after[key] - before[range][key];
    expect(
      {
        activeWalkers: moved('activeWalkers'),
        steps: moved('steps'),
        coinsEarned: moved('coinsEarned'),
        coinsSpent: moved('coinsSpent'),
        giftCardsRedeemed: moved('giftCardsRedeemed'),
      },
      range,
    ).toEqual({ ...walked[range], coinsEarned: 12 + 34 + 56, coinsSpent: 40, giftCardsRedeemed: 1 });
    expect(moved('newUsers'), range).toBeGreaterThanOrEqual(2);
  }
});

test('for each range, the tiles show the database figures and the charts one mark per point', async ({
  page,
  signIn,
}) => {
  // Other specs add and change records meanwhile: each range waits (up to a minute on a loaded
  // machine) for a moment when the page and the lists agree.
  test.setTimeout(dateRanges.length * 60_000 + 30_000);
  const { token } = await signIn();
  for (const range of dateRanges) {
    let points = 0;
    let periods: string[] = [];
    await expect(async () => {
      const first = await dashboardViaApi(page.request, token, range);
      await openDashboard(page, range);
      const shown = await readTiles(page);
      const last = await dashboardViaApi(page.request, token, range);
      // Nothing moved while the page loaded: the page must show exactly these figures.
      expect(last.totals).toEqual(first.totals);
      expect(shown).toEqual(last.totals);
      // The live counts are what their lists count. Walking the card list (10,000+ cards: counts
      // stop at 1,000) takes seconds while other specs add and delete cards, so the lists get a
      // bracket of their own instead of widening the page's.
      const lists = { unread: await unreadQueriesViaList(page.request, token), inStock: 0 };
      lists.inStock = await giftCardsInStockViaList(page.request, token);
      const after = await dashboardViaApi(page.request, token, range);
      expect(after.totals.unreadQueries).toBe(lists.unread);
      expect(after.totals.giftCardsInStock).toBe(lists.inStock);
      points = last.series.length;
      periods = last.series.map((p) => p.period);
    }, `the tiles of ${range}`).toPass({ timeout: 60_000 });

    // Today: one point an hour, from midnight to the server's current hour.
    const hours = periods.map((_, h) => `${periods[0]?.slice(0, 10)}T${String(h).padStart(2, '0')}:00`);
    if (range === 'Today') expect(periods).toEqual(hours);
    const expected = { Week: 7, Month: 30, Year: 12 } as Record<DateRange, number>;
    if (range === 'Week' || range === 'Month' || range === 'Year') expect(points).toBe(expected[range]);
    else expect(points).toBeGreaterThanOrEqual(1);
    for (const name of charts) {
      const figure = page.getByRole('figure', { name, exact: true });
      await expect(figure.locator('svg [data-mark]'), `${range}: ${name}`).toHaveCount(points);
      // The hidden data table has a row per point too (and the header row).
      await expect(figure.getByRole('row')).toHaveCount(points + 1);
    }
  }
});

test('each chart is drawn at the width of its box, from the first draw, and follows the window', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn();
  // Every width the Steps chart's SVG is drawn at, from its first appearance.
  await page.addInitScript(() => {
    const w = window as unknown as { __widths: string[] };
    w.__widths = [];
    const seen = () => {
      const svg = [...document.querySelectorAll('figure')]
        .find((f) => f.querySelector('h2')?.textContent === 'Steps')
        ?.querySelector('svg');
      const width = svg?.getAttribute('width');
      if (width && w.__widths.at(-1) !== width) w.__widths.push(width);
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await openDashboard(page, 'Week');
  const steps = page.getByRole('figure', { name: 'Steps', exact: true });
  const boxWidth = () =>
    steps.locator('svg').evaluate((svg) => Math.floor(svg.parentElement!.getBoundingClientRect().width));
  const drawnWidth = () => steps.locator('svg').evaluate((svg) => Number(svg.getAttribute('width')));
  expect(await drawnWidth()).toBe(await boxWidth());
  // Never shown at another width first (a default width redrawn after a measure would show here).
  expect(await page.evaluate(() => (window as unknown as { __widths: string[] }).__widths)).toEqual([
    String(await boxWidth()),
  ]);

  // Narrower window, one column of charts: the charts are drawn again at their new width.
  const wide = await boxWidth();
  await page.setViewportSize({ width: 900, height: 800 });
  await expect.poll(drawnWidth).toBe(await boxWidth());
  expect(await boxWidth()).not.toBe(wide);
});

test("the charts' hidden tables for screen readers take no room: the page ends where its content does", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn();
  await openDashboard(page, 'Month');
  await expect(page.getByRole('table', { name: /^Steps/ })).toBeAttached();
  const { scrollHeight, contentBottom } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    contentBottom: Math.max(
      ...[...document.querySelectorAll('main figure')].map((f) => f.getBoundingClientRect().bottom + window.scrollY),
    ),
  }));
  // The main area's own padding below the last chart, not the tables' 30 rows.
  expect(scrollHeight - contentBottom).toBeLessThan(120);
});

test('the range select writes the URL; Back returns to the previous range', async ({ page, signIn }) => {
  await signIn();
  await openDashboard(page, 'Today');
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Last Week' }).click();
  await expect(page).toHaveURL(/\/\?range=Week$/);
  await expect(page.getByRole('group', { name: 'Steps' })).toContainText('Last 7 days');
  await expect(page.getByRole('figure', { name: 'Steps' }).locator('svg [data-mark]')).toHaveCount(7);

  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Year' }).click();
  await expect(page).toHaveURL(/\/\?range=Year$/);
  await expect(page.getByRole('figure', { name: 'New users' }).locator('svg [data-mark]')).toHaveCount(12);

  await page.goBack();
  await expect(page).toHaveURL(/\/\?range=Week$/);
  await expect(page.getByRole('button', { name: 'Date range' })).toHaveText(/Last Week/);

  // A tile opens its filtered list.
  await page.getByRole('group', { name: 'Unread queries' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/query-list\?isRead=false$/);
});

test("in an en-US browser Home draws every range's figures and dates without the locale data of an Intl formatter", async ({
  page,
  signIn,
}) => {
  // The first Intl formatter, collator or toLocale… call of a page loads its locale data, tens of
  // milliseconds of the main thread: Home writes en-US by hand (src/lib/en-us-format.ts).
  await page.addInitScript(() => {
    const used: string[] = [];
    (window as unknown as { intlUsed: string[] }).intlUsed = used;
    for (const name of [
      'DateTimeFormat',
      'NumberFormat',
      'Collator',
      'PluralRules',
      'RelativeTimeFormat',
      'ListFormat',
    ] as const) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
        construct: (target, args) => {
          used.push(`Intl.${name}`);
          return Reflect.construct<unknown[], object>(target, args);
        },
        apply: (target, self, args) => {
          used.push(`Intl.${name}`);
          return Reflect.apply(target, self, args) as unknown;
        },
      });
    }
    const wrap = (proto: object, key: string) => {
      const original = (proto as Record<string, (...args: unknown[]) => unknown>)[key]!;
      Object.defineProperty(proto, key, {
        value: function (this: unknown, ...args: unknown[]) {
          used.push(key);
          return original.apply(this, args);
        },
      });
    };
    wrap(Number.prototype, 'toLocaleString');
    wrap(Date.prototype, 'toLocaleString');
    wrap(Date.prototype, 'toLocaleDateString');
    wrap(Date.prototype, 'toLocaleTimeString');
    wrap(String.prototype, 'localeCompare');
  });
  await signIn();
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  for (const range of dateRanges) {
    await openDashboard(page, range);
    for (const name of charts) {
      const figure = page.getByRole('figure', { name, exact: true });
      await expect(figure.locator('svg [data-mark]').first()).toBeAttached();
      // The hidden table's row headers: the periods written long ("Saturday, May 3, 2025, 14:00").
      await expect(figure.getByRole('rowheader').first()).toHaveText(/\b\d{4}\b/);
    }
    await expect(page.getByRole('group', { name: 'Steps' }).getByTestId('stat-value')).toHaveText(/^[\d,]+$/);
    expect(await page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed), range).toEqual([]);
  }
});

test("Home opened cold asks for its first calls once the HTML's scripts have run, with no script fetched by a script before them", async ({
  page,
  signIn,
}) => {
  // Home's page (dist/home.html) announces Home's code beside the entry, and the entry starts
  // Home's first calls (app/boot.tsx): a chain of the page and its scripts, then the calls. A
  // script asked for by a script before the first call would add a round trip on a slow network.
  await signIn();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: { url: string; initiator: string }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => sent.push({ url: e.request.url, initiator: e.initiator.type }));
  await page.goto('/?range=Week');
  await expect(page.getByRole('figure', { name: 'Steps' }).locator('svg [data-mark]')).toHaveCount(7);
  const firstCall = sent.findIndex((r) => new URL(r.url).pathname.startsWith('/api/'));
  expect(firstCall).toBeGreaterThan(0);
  const scriptsBefore = sent.slice(0, firstCall).filter((r) => new URL(r.url).pathname.endsWith('.js'));
  expect(scriptsBefore.map((r) => new URL(r.url).pathname)).toContainEqual(
    expect.stringMatching(/^\/assets\/dashboard-page-/),
  );
  expect(scriptsBefore.filter((r) => r.initiator !== 'parser')).toEqual([]);
  // Started at boot and read by the screen: each of Home's calls once, the dashboard's for the URL's range.
  const calls = sent.map((r) => new URL(r.url)).filter((u) => u.pathname.startsWith('/api/'));
  const count = (test: (u: URL) => boolean) => calls.filter(test).length;
  expect(count((u) => u.pathname === '/api/dashboard')).toBe(1);
  expect(count((u) => u.pathname === '/api/dashboard' && u.searchParams.get('range') === 'Week')).toBe(1);
  expect(count((u) => /^\/api\/users\/\d+$/.test(u.pathname))).toBe(1);
  expect(count((u) => u.pathname === '/api/message')).toBe(1);
});

test('Home opened cold while signed out makes no call and goes to /login', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/api/')) calls.push(p);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(calls).toEqual([]);
});
