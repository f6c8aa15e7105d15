import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Profile, type UserDetail } from '@strideadmin/contract';
import { buildTestApp, createGiftCard, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';
import { appPost, balanceOf, entriesOf, ledgerMismatches } from '../modules/mobile-app/app-data.js';

/**
 * An edit form is loaded, the account changes meanwhile (the walker spends coins in the app,
 * another administrator saves), then the form is saved: nothing that happened in between may be
 * undone. PUT /users and PUT /profile take the version and the balance the form loaded.
 */
describe('lost updates of users: a save never undoes what happened after its form was loaded', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let otherAdmin: LoggedIn;

  const getUser = async (id: number) =>
    (await t.app.inject({ url: `/api/users/${id}`, headers: admin.headers })).json<{ body: UserDetail }>().body;
  const putUser = (payload: object, who: LoggedIn = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/users', payload, headers: who.headers });
  /** The Update User form as the portal sends it for what GET /users/{id} answered. */
  const userForm = (u: UserDetail, changes: object = {}) => ({
    updateId: u.id,
    version: u.version,
    coinsSeen: u.totalCoins,
    name: u.name,
    dob: u.dob,
    height: u.height ?? 0,
    weight: u.weight ?? 0,
    gender: u.gender,
    totalCoins: u.totalCoins,
    dailyFSGoal: u.dailyFSGoal,
    isActive: u.isActive,
    isTracking: u.isTracking,
    role: u.Role.name,
    ...changes,
  });
  const walkerWith = (totalCoins: number) => loginAs(t, 'User', { user: { totalCoins, name: 'Walt Walker' } });
  const redeemCard = async (walker: LoggedIn, price: number) => {
    const cardId = await createGiftCard(t.db, { price });
    const res = await appPost(t, walker, `/app/giftcard/${cardId}/redeem`);
    expect(res.statusCode, res.body).toBe(200);
    return cardId;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin', { user: { name: 'Ada Admin' } });
    otherAdmin = await loginAs(t, 'Admin', { user: { name: 'Otto Admin' } });
  });
  afterAll(async () => {
    expect(await ledgerMismatches(t.db)).toEqual([]);
    await t?.close();
  });

  describe('PUT /api/users', () => {
    it('saving a form loaded before the walker redeemed a gift card keeps the redemption paid: 400 coins and the card', async () => {
      const walker = await walkerWith(500);
      const loaded = await getUser(walker.user.id);
      expect(loaded.totalCoins).toBe(500);

      const cardId = await redeemCard(walker, 100);
      // Coin movements do not move the version: the walker's activity does not block the save.
      expect((await getUser(walker.user.id)).version).toBe(loaded.version);
      const res = await putUser(userForm(loaded, { name: 'Walt Renamed' }));

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ body: UserDetail }>().body).toMatchObject({
        name: 'Walt Renamed',
        totalCoins: 400,
        version: loaded.version + 1,
      });
      expect(await balanceOf(t.db, walker.user.id)).toBe(400);
      expect((await getUser(walker.user.id)).GiftCards.map((c) => c.id)).toEqual([cardId]);
      // The redemption is the last entry: no adjustment gave the 100 coins back.
      expect((await entriesOf(t.db, walker.user.id)).at(-1)).toMatchObject({ kind: 'redeem', amount: -100 });
    });

    it('a coin change on that stale form is the difference the administrator made: 500→600 after a 100 redeem gives 500', async () => {
      const walker = await walkerWith(500);
      const loaded = await getUser(walker.user.id);
      await redeemCard(walker, 100);

      const res = await putUser(userForm(loaded, { totalCoins: 600 }));

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ body: UserDetail }>().body.totalCoins).toBe(500);
      expect((await entriesOf(t.db, walker.user.id)).slice(-2)).toEqual([
        { kind: 'redeem', amount: -100, refId: expect.any(Number), refDay: null, adminId: null },
        { kind: 'adjustment', amount: 100, refId: null, refDay: null, adminId: admin.user.id },
      ]);
    });

    it('refuses a coin decrease that the spending meanwhile would take below 0 (409, nothing written)', async () => {
      const walker = await walkerWith(500);
      const loaded = await getUser(walker.user.id);
      await redeemCard(walker, 400);
      const entriesBefore = await entriesOf(t.db, walker.user.id);

      const res = await putUser(userForm(loaded, { name: 'Walt Renamed', totalCoins: 200 }));

      expect(res.statusCode, res.body).toBe(409);
      const { message, body } = res.json<{ message: string; body: UserDetail }>();
      expect(message).toBe(messages.coinsWouldGoNegative);
      expect(body).toEqual(await getUser(walker.user.id));
      expect(body).toMatchObject({ name: 'Walt Walker', totalCoins: 100, version: loaded.version });
      expect(await entriesOf(t.db, walker.user.id)).toEqual(entriesBefore);
    });

    it('two administrators save the same version: the second gets 409 with the fresh values, and changes nothing', async () => {
      const walker = await walkerWith(500);
      const loaded = await getUser(walker.user.id);

      const first = await putUser(userForm(loaded, { name: 'First Save', totalCoins: 700 }), otherAdmin);
      expect(first.statusCode, first.body).toBe(200);
      const second = await putUser(userForm(loaded, { name: 'Second Save', dailyFSGoal: 9000 }));

      expect(second.statusCode, second.body).toBe(409);
      const { message, body } = second.json<{ message: string; body: UserDetail }>();
      expect(message).toBe(messages.userChangedMeanwhile);
      expect(body).toEqual(await getUser(walker.user.id));
      expect(body).toMatchObject({ name: 'First Save', totalCoins: 700, version: loaded.version + 1 });
      expect(body.dailyFSGoal).toBe(loaded.dailyFSGoal);

      // Saved again from the fresh values, it goes through.
      const again = await putUser(userForm(body, { name: 'Second Save' }));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ body: UserDetail }>().body).toMatchObject({ name: 'Second Save', totalCoins: 700 });
    });
  });

  describe('PUT /api/profile', () => {
    const getProfile = async (who: LoggedIn) =>
      (await t.app.inject({ url: '/api/profile', headers: who.headers })).json<{ body: Profile }>().body;
    const putProfile = (who: LoggedIn, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/profile', payload, headers: who.headers });
    const profileForm = (p: Pick<Profile, 'id' | 'name' | 'totalCoins'> & { version?: number }, changes = {}) => ({
      updateId: p.id,
      version: p.version,
      coinsSeen: p.totalCoins,
      name: p.name,
      totalCoins: p.totalCoins,
      ...changes,
    });

    it('saving the profile form as loaded at login keeps coins another administrator gave meanwhile', async () => {
      const me = await loginAs(t, 'Admin', { user: { totalCoins: 500, name: 'Mia Admin' } });
      const seen = me.session.user; // what the portal's form showed, from the sign-in
      const target = await getUser(me.user.id);
      const raise = await putUser(userForm(target, { totalCoins: 600 }), otherAdmin);
      expect(raise.statusCode, raise.body).toBe(200);

      const res = await putProfile(me, profileForm(seen, { version: undefined, name: 'Me Renamed' }));

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ body: Profile }>().body).toMatchObject({ name: 'Me Renamed', totalCoins: 600 });
      expect(await balanceOf(t.db, me.user.id)).toBe(600);
      expect((await entriesOf(t.db, me.user.id)).at(-1)).toMatchObject({ amount: 100, adminId: otherAdmin.user.id });
    });

    it('a profile form loaded before another save of the account gets 409 with the fresh values', async () => {
      const me = await loginAs(t, 'Admin', { user: { totalCoins: 500, name: 'Mia Admin' } });
      const loaded = await getProfile(me);
      expect(loaded).toMatchObject({ id: me.user.id, totalCoins: 500, version: expect.any(Number) });

      // Another tab of the same administrator saves first.
      const first = await putProfile(me, profileForm(loaded, { name: 'First Tab', totalCoins: 550 }));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<{ body: Profile }>().body.version).toBe(loaded.version + 1);
      const second = await putProfile(me, profileForm(loaded, { name: 'Second Tab', totalCoins: 500 }));

      expect(second.statusCode, second.body).toBe(409);
      const { message, body } = second.json<{ message: string; body: Profile }>();
      expect(message).toBe(messages.profileChangedMeanwhile);
      expect(body).toEqual(await getProfile(me));
      expect(body).toMatchObject({ name: 'First Tab', totalCoins: 550, version: loaded.version + 1 });
    });
  });
});
