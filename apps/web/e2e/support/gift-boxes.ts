import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateGiftBoxConfig } from '@strideadmin/contract';

/** POST /api/giftbox as an administrator would; every field can be overridden. */
export async function createGiftBoxConfigViaApi(
  request: APIRequestContext,
  token: string,
  config: Partial<CreateGiftBoxConfig> & { type: string },
): Promise<number> {
  const full: CreateGiftBoxConfig = {
    minCoins: 10,
    maxCoins: 50,
    stepsToUnlock: 2000,
    boxesPerDay: 3,
    isActive: true,
    ...config,
  };
  const res = await request.post('/api/giftbox', { data: full, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { body: { id: number } }).body.id;
}

/** A datetime-local input's value `days` from now (local time, minutes). */
export function localDateTimeInDays(days: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
