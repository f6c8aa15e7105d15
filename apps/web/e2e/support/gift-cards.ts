import { expect, type APIRequestContext } from '@playwright/test';
import { todayIso, type CreateGiftCard } from '@strideadmin/contract';
import { tinyPng, uniqueLetters } from './api';

/** YYYY-MM-DD `days` from today (local time, as the server on this machine counts it). */
export function daysFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return todayIso(d);
}

/** A serial number (or any code) no other test uses. */
export const uniqueCode = (prefix: string) => `${prefix}-${uniqueLetters().toUpperCase()}`;

/** Stores tinyPng in gift_card_images through the real presign + PUT flow; the stored address. */
export async function uploadCardPictureViaApi(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/api/getPresignedUrl', {
    data: { name: 'card.png', dict: 'gift_card_images', dataType: 'image/png' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { url } = ((await res.json()) as { body: { url: string } }).body;
  const put = await request.put(url, { data: tinyPng, headers: { 'content-type': 'image/png' } });
  expect(put.ok(), await put.text()).toBe(true);
  return url.split('?')[0]!;
}

/** POST /api/giftcard as an administrator would; every field can be overridden. */
export async function createGiftCardViaApi(
  request: APIRequestContext,
  token: string,
  card: Partial<CreateGiftCard> & { cardPicture: string },
): Promise<{ id: number; card: CreateGiftCard }> {
  const full: CreateGiftCard = {
    serialNumber: uniqueCode('SN'),
    controlCode: uniqueCode('CC'),
    price: 300,
    currency: 'SEK',
    amount: 250,
    storeName: 'ica maxi',
    storeAddress: 'storgatan 1, Stockholm',
    validTill: daysFromToday(30),
    expiryDuration: 60,
    ...card,
  };
  const res = await request.post('/api/giftcard', { data: full, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()) as { body: { id: number } }).body.id, card: full };
}
