import { readFileSync } from 'node:fs';
import { parseCsv } from '@strideadmin/contract';
import { createUserViaApi, uniqueLetters } from './support/api';
import { expect, test } from './support/fixtures';

/**
 * A list's Export (docs/behaviour.md §12) against the real server: the CSV of the list's current
 * filters and sort, every matching row, under the server's dated file name.
 */
test('Export on the user list downloads the filtered users as a dated CSV', async ({ page, signIn }) => {
  const { token } = await signIn('admin');
  const raw = uniqueLetters();
  const surname = raw.charAt(0).toUpperCase() + raw.slice(1);
  for (const first of ['Alma', 'Bruno', 'Cleo'])
    await createUserViaApi(page.request, token, {
      name: `${first} ${surname}`,
      email: `${first.toLowerCase()}.${raw}@example.com`,
      totalCoins: 0,
    });
  // Not matching the filter: never in the file.
  await createUserViaApi(page.request, token, {
    name: 'Dora Outsider',
    email: `dora.${raw}@example.org`,
    totalCoins: 0,
  });

  await page.goto(`/user-list?name=${surname}&sort=name&order=asc`);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('rowheader')).toHaveCount(3);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`users-${new Date().toISOString().slice(0, 10)}.csv`);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFFID,Name,Email,Role,Coins,Status,Created\r\n')).toBe(true);
  const rows = parseCsv(text).slice(1);
  expect(rows.map((r) => [r[1], r[2], r[3], r[5]])).toEqual([
    [`Alma ${surname}`, `alma.${raw}@example.com`, 'User', 'Active'],
    [`Bruno ${surname}`, `bruno.${raw}@example.com`, 'User', 'Active'],
    [`Cleo ${surname}`, `cleo.${raw}@example.com`, 'User', 'Active'],
  ]);
  // The button is back once the file is saved.
  await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
});
