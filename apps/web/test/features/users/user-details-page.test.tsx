import { messages, type UserDetail } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { session } from '../../../src/lib/session';
import { makeGiftCard } from '../../support/gift-cards';
import { jsonResponse, listPage, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../support/fixtures';
import { preloadScreens, renderApp } from '../../support/render-app';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/users/user-details-page');
});

const walker = makeUser({ id: 8, name: 'Wally Walker', email: 'wally@example.com', roleName: 'User' });
const flaggedOn = '2026-03-04T10:00:00.000Z';

/** Signed in as `signedIn`, with GET /users/8 answering `detail` (its flag cleared by POST .../clear-steps-flag). */
function serve(detail: UserDetail, signedIn = makeUser({ id: 7, name: 'Ada Admin' })) {
  session.signIn(signedIn, 'jwt');
  stubMatchMedia(false);
  let current = detail;
  return stubFetch((req) => {
    const { pathname } = req.url;
    if (req.method === 'GET' && pathname === `/api/users/${walker.id}`) return jsonResponse(200, { body: current });
    if (req.method === 'POST' && pathname === `/api/users/${walker.id}/clear-steps-flag`) {
      current = { ...current, stepsFlaggedAt: null };
      return jsonResponse(200, { message: messages.stepsFlagCleared });
    }
    // The shell reads the signed-in account.
    if (pathname === `/api/users/${signedIn.id}`) return jsonResponse(200, { body: makeUserDetail(signedIn) });
    if (pathname === '/api/audit') return listPage([], req.url.searchParams);
    if (pathname === `/api/users/${walker.id}/ledger`) return listPage([], req.url.searchParams);
    if (pathname === '/api/message') return jsonResponse(200, { body: { rows: [], count: 0 } });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
}

describe('/user-details: the steps flag and the Deleted status', () => {
  test('a flagged user shows since when and why; an administrator clears it', async () => {
    const api = serve(makeUserDetail(walker, { stepsFlaggedAt: flaggedOn }));
    render(<Toaster />);
    renderApp(`/user-details?id=${walker.id}`);

    const flag = await screen.findByTestId('steps-flag');
    expect(flag).toHaveTextContent(
      `Steps flagged since ${new Date(flaggedOn).toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      })}: ${messages.stepsFlagReason}`,
    );

    await userEvent.click(within(flag).getByRole('button', { name: 'Clear flag' }));
    await waitFor(() => expect(screen.queryByTestId('steps-flag')).not.toBeInTheDocument());
    expect(await screen.findByText(messages.stepsFlagCleared)).toBeInTheDocument();
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      `/api/users/${walker.id}/clear-steps-flag`,
    ]);
  });

  test('a role that may not edit users sees the flag without the Clear button', async () => {
    serve(
      makeUserDetail(walker, { stepsFlaggedAt: flaggedOn }),
      makeUser({ id: 9, name: 'Sue Support', roleName: 'Support' }),
    );
    renderApp(`/user-details?id=${walker.id}`);
    const flag = await screen.findByTestId('steps-flag');
    expect(within(flag).queryByRole('button', { name: 'Clear flag' })).not.toBeInTheDocument();
  });

  test('an unflagged user shows no flag line; an erased one shows Deleted beside the name and as the status', async () => {
    serve(makeUserDetail(walker));
    const { unmount } = renderApp(`/user-details?id=${walker.id}`);
    expect(await screen.findByTestId('user-details-name')).toHaveTextContent('Wally Walker');
    expect(screen.queryByTestId('steps-flag')).not.toBeInTheDocument();
    expect(screen.queryByText(messages.userErasedStatus)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit User' })).toBeInTheDocument();
    unmount();

    serve(
      makeUserDetail(walker, {
        name: messages.erasedUserName,
        email: `deleted-${walker.id}@invalid`,
        isActive: false,
        deletedAt: flaggedOn,
      }),
    );
    renderApp(`/user-details?id=${walker.id}`);
    const name = await screen.findByTestId('user-details-name');
    expect(name).toHaveTextContent(`${messages.erasedUserName}${messages.userErasedStatus}`);
    const status = screen.getByText('Status').closest('div')!;
    expect(status).toHaveTextContent(`Status${messages.userErasedStatus}`);
    // Nothing to edit: the owner erased it.
    expect(screen.queryByRole('button', { name: 'Edit User' })).not.toBeInTheDocument();
  });

  test("the user's cards say when each was redeemed, and an expired code says when it ran out", async () => {
    const redeemedAt = '2026-03-02T10:00:00.000Z';
    serve(
      makeUserDetail(walker, {
        GiftCards: [
          makeGiftCard({ id: 1, serialNumber: 'SN-RUN-OUT', redeemedAt, expiryDuration: 90, isExpired: true }),
          makeGiftCard({ id: 2, serialNumber: 'SN-NO-LIMIT', redeemedAt, expiryDuration: 0, isExpired: false }),
        ],
      }),
    );
    renderApp(`/user-details?id=${walker.id}`);
    const at = (iso: string) =>
      new Date(iso).toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
    const runOut = (await screen.findByRole('cell', { name: 'SN-RUN-OUT' })).closest('tr')!;
    const cells = within(runOut)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Serial, store, price, Valid Till (years away), Redeemed, Expired with why.
    expect(cells[4]).toBe(at(redeemedAt));
    expect(cells[5]).toBe(`YesCode expired ${at('2026-03-02T11:30:00.000Z')}`);
    const noLimit = screen.getByRole('cell', { name: 'SN-NO-LIMIT' }).closest('tr')!;
    expect(within(noLimit).getAllByRole('cell')[5]).toHaveTextContent(/^No$/);
  });
});
