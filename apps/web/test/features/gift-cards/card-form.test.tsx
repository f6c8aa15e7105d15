import { messages, todayIso, type GiftCard } from '@strideadmin/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { Toaster } from '../../../src/components/toaster';
import { session } from '../../../src/lib/session';
import { expectConsole } from '../../support/console';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../support/fixtures';
import { makeGiftCard } from '../../support/gift-cards';
import { preloadScreens, renderApp } from '../../support/render-app';
import { pickDate, setupFakeTimedUser } from '../../support/user';

beforeAll(async () => {
  await preloadScreens();
  await import('../../../src/features/gift-cards/add-card-page');
  await import('../../../src/features/gift-cards/update-card-page');
  await import('../../../src/features/gift-cards/card-list-page');
});

const storedAddress = 'http://127.0.0.1/uploads/gift_card_images/abc.png';

interface Answers {
  /** POST /api/giftcard and PUT /api/giftcard, one answer per call, the last one repeating. */
  saves?: Response[];
  presign?: Response;
}

/** Signed in, against GET /giftcard/{id}, the save calls, presign + the signed PUT, and the list. */
function serve(card: GiftCard | null, answers: Answers = {}) {
  const admin = makeUser();
  session.signIn(admin, 'jwt');
  stubMatchMedia(false);
  const saves = [...(answers.saves ?? [jsonResponse(200, { message: 'Saved by the server.', body: { id: 99 } })])];
  const api = stubFetch((req) => {
    const { pathname } = req.url;
    if (req.method === 'GET' && pathname === `/api/users/${admin.id}`)
      return jsonResponse(200, { body: makeUserDetail(admin) });
    if (req.method === 'GET' && pathname === '/api/giftcard')
      return jsonResponse(200, { body: { rows: [], count: 0 } });
    if (req.method === 'GET' && pathname.startsWith('/api/giftcard/'))
      return jsonResponse(200, { body: card && pathname === `/api/giftcard/${card.id}` ? [card] : [] });
    if ((req.method === 'POST' || req.method === 'PUT') && pathname === '/api/giftcard')
      return (saves.length > 1 ? saves.shift() : saves[0])!.clone();
    if (req.method === 'POST' && pathname === '/api/getPresignedUrl')
      return answers.presign ?? jsonResponse(200, { body: { url: `${storedAddress}?sig=s3cr3t&exp=1` } });
    if (req.method === 'PUT' && req.url.href.startsWith(storedAddress)) return new Response(null, { status: 200 });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const savesSeen = () => api.seen.filter((r) => r.url.pathname === '/api/giftcard' && r.method !== 'GET');
  return { api, savesSeen };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const spin = (name: string) => screen.getByRole('textbox', { name });
const validTill = () => screen.getByLabelText(/^Valid Till/);
const picture = () => screen.getByLabelText('Card Picture');
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.firstElementChild?.textContent);
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])], 'card.png', { type: 'image/png' });
const daysFromToday = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return todayIso(d);
};

/** Fills the add form with valid values (the picture aside). */
async function fillValid(user: ReturnType<typeof setupFakeTimedUser>['user']) {
  await user.type(textbox('Serial No'), 'SN-100');
  await user.type(textbox('Control Code'), 'CC-100');
  await user.type(spin('Coin Price'), '300');
  await user.type(textbox('Currency'), 'Swedish krona');
  await user.type(spin('Amount'), '250');
  await user.type(textbox('Store Name'), 'ica');
  await user.type(textbox('Store Address'), 'Storgatan 1');
  pickDate(validTill(), daysFromToday(30));
  await user.type(spin('Expiry Duration (Minutes)'), '150');
}

describe('/add-card: the card form (docs/behaviour.md §5 Update gift card rules)', () => {
  test('an empty form shows each required message under its field and sends nothing', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serve(null);
    renderApp('/add-card');
    expect(await screen.findByRole('heading', { name: 'Add Gift Card' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Gift Card' }));

    await waitFor(() => expect(textbox('Serial No')).toHaveAccessibleDescription(messages.serialNoRequired));
    expect(textbox('Control Code')).toHaveAccessibleDescription(messages.controlCodeRequired);
    expect(spin('Coin Price')).toHaveAccessibleDescription(messages.coinPriceRequired);
    expect(textbox('Currency')).toHaveAccessibleDescription(messages.currencyRequired);
    expect(spin('Amount')).toHaveAccessibleDescription(messages.amountRequired);
    expect(textbox('Store Name')).toHaveAccessibleDescription(messages.storeNameRequired);
    expect(textbox('Store Address')).toHaveAccessibleDescription(messages.storeAddressRequired);
    expect(validTill()).toHaveAccessibleDescription(messages.validTillRequired);
    expect(spin('Expiry Duration (Minutes)')).toHaveAccessibleDescription(messages.expiryDurationRequired);
    expect(screen.getByText(messages.cardPictureRequired)).toBeInTheDocument();
    expect(picture()).toHaveAttribute('aria-invalid', 'true');
    expect(savesSeen()).toEqual([]);
  });

  test('currency letters only, Valid Till not before today, amount whole, expiry at most 4 digits', async () => {
    const { user } = setupFakeTimedUser();
    serve(null);
    renderApp('/add-card');
    await screen.findByRole('heading', { name: 'Add Gift Card' });
    expect(validTill()).toHaveAttribute('min', todayIso());

    await user.type(textbox('Currency'), 'S3K');
    pickDate(validTill(), daysFromToday(-1));
    await user.type(spin('Amount'), '2.5');
    await user.type(spin('Expiry Duration (Minutes)'), '12345');
    await user.click(screen.getByRole('button', { name: 'Add Gift Card' }));

    // The submit has run when the untouched picture says it is required.
    expect(await screen.findByText(messages.cardPictureRequired)).toBeInTheDocument();
    expect(textbox('Currency')).toHaveAccessibleDescription(messages.currencyLettersOnly);
    expect(validTill()).toHaveAccessibleDescription(messages.dateFromPast);
    expect(spin('Amount')).toHaveAccessibleDescription(messages.onlyNumbers);
    expect(spin('Expiry Duration (Minutes)')).toHaveAccessibleDescription(messages.expiryDurationMaxDigits);
    expect(screen.queryByTestId('expiry-hint')).toBeNull();

    // Today is allowed; a 4-digit duration is, and reads as hours and minutes while typing.
    pickDate(validTill(), todayIso());
    await user.clear(spin('Expiry Duration (Minutes)'));
    await user.type(spin('Expiry Duration (Minutes)'), '150');
    await user.clear(textbox('Currency'));
    await user.type(textbox('Currency'), 'Euro');
    await waitFor(() => {
      expect(validTill()).not.toHaveAccessibleDescription();
      expect(textbox('Currency')).not.toHaveAccessibleDescription();
    });
    expect(screen.getByTestId('expiry-hint')).toHaveTextContent('2 Hours 30 Minutes');
    expect(spin('Expiry Duration (Minutes)')).toHaveAccessibleDescription('2 Hours 30 Minutes');
  });

  test('number fields take digits only (docs/behaviour.md §5 Numbers): 1e5, 0x10 and 12abc are no numbers', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serve(null);
    renderApp('/add-card');
    await screen.findByRole('heading', { name: 'Add Gift Card' });
    for (const text of ['1e5', '0x10', '12abc', 'Infinity']) {
      await user.clear(spin('Amount'));
      await user.type(spin('Amount'), text);
      await user.clear(spin('Coin Price'));
      await user.type(spin('Coin Price'), text);
      await user.click(screen.getByRole('button', { name: 'Add Gift Card' }));
      await waitFor(() => expect(spin('Amount')).toHaveAccessibleDescription(messages.onlyNumbers));
      expect(spin('Coin Price')).toHaveAccessibleDescription(messages.onlyNumbers);
    }
    // Emptied again, each is required, not "only numbers".
    await user.clear(spin('Amount'));
    await waitFor(() => expect(spin('Amount')).toHaveAccessibleDescription(messages.amountRequired));
    expect(savesSeen()).toEqual([]);
  });

  test('spaces around a number are ignored: " 250 " is saved as 250', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serve(null);
    const app = renderApp('/add-card');
    await screen.findByRole('heading', { name: 'Add Gift Card' });
    await fillValid(user);
    await user.clear(spin('Amount'));
    await user.type(spin('Amount'), ' 250 ');
    await user.upload(picture(), png());
    await waitFor(() => expect(screen.getByRole('img', { name: 'Preview' })).toHaveAttribute('src', storedAddress));
    await user.click(screen.getByRole('button', { name: 'Add Gift Card' }));
    await waitFor(() => expect(app.location().pathname).toBe('/card-list'));
    expect(savesSeen()[0]?.body).toMatchObject({ amount: 250, price: 300, expiryDuration: 150 });
  });

  test('with a picture uploaded to gift_card_images, it posts the card with price and goes to /card-list', async () => {
    const { user } = setupFakeTimedUser();
    const { api, savesSeen } = serve(null);
    const app = renderApp('/add-card');
    render(<Toaster />);
    await screen.findByRole('heading', { name: 'Add Gift Card' });
    await fillValid(user);
    await user.upload(picture(), png());
    await waitFor(() => expect(screen.getByRole('img', { name: 'Preview' })).toHaveAttribute('src', storedAddress));
    const presign = api.seen.find((r) => r.url.pathname === '/api/getPresignedUrl');
    expect(presign?.body).toEqual({ name: 'card.png', dict: 'gift_card_images', dataType: 'image/png' });

    await user.click(screen.getByRole('button', { name: 'Add Gift Card' }));
    await waitFor(() => expect(app.location().pathname).toBe('/card-list'));
    expect(savesSeen().map((r) => [r.method, r.body])).toEqual([
      [
        'POST',
        {
          serialNumber: 'SN-100',
          controlCode: 'CC-100',
          price: 300,
          currency: 'Swedish krona',
          amount: 250,
          storeName: 'ica',
          storeAddress: 'Storgatan 1',
          validTill: daysFromToday(30),
          expiryDuration: 150,
          cardPicture: storedAddress,
        },
      ],
    ]);
    expect(toasts()).toEqual(['Saved by the server.']);
  });

  test('a failed upload toasts the spec message verbatim and keeps the form without a picture', async () => {
    const { user } = setupFakeTimedUser();
    expectConsole('warn', 'Presigning the upload failed');
    const { savesSeen } = serve(null, { presign: jsonResponse(503, { message: messages.serviceUnavailable }) });
    renderApp('/add-card');
    render(<Toaster />);
    await screen.findByRole('heading', { name: 'Add Gift Card' });
    await fillValid(user);
    await user.upload(picture(), png());
    await waitFor(() => expect(toasts()).toEqual([messages.uploadFailed]));
    expect(screen.queryByRole('img', { name: 'Preview' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Gift Card' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add Gift Card' }));
    expect(await screen.findByText(messages.cardPictureRequired)).toBeInTheDocument();
    expect(savesSeen()).toEqual([]);
  });

  test('a file that is not an image is refused before any request', async () => {
    const { api } = serve(null);
    renderApp('/add-card');
    await screen.findByRole('heading', { name: 'Add Gift Card' });
    // Dropped or picked past the input's accept list.
    fireEvent.change(picture(), { target: { files: [new File(['%PDF'], 'card.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(messages.uploadTypeNotAllowed)).toBeInTheDocument();
    expect(api.seen.some((r) => r.url.pathname === '/api/getPresignedUrl')).toBe(false);
  });
});

describe('/update-card?id', () => {
  const card = makeGiftCard({ id: 41, validTill: '2099-12-31', cardPicture: storedAddress });

  test('loads body[0] into the form; PUT sends exactly the spec fields; success goes to /card-list', async () => {
    const { user } = setupFakeTimedUser();
    const { api, savesSeen } = serve(card, { saves: [jsonResponse(200, { message: 'Gift card updated.' })] });
    const app = renderApp('/update-card?id=41');
    render(<Toaster />);
    expect(await screen.findByRole('heading', { name: 'Update Gift Card' })).toBeInTheDocument();
    expect(api.seen.some((r) => r.method === 'GET' && r.url.pathname === '/api/giftcard/41')).toBe(true);
    expect(textbox('Serial No')).toHaveValue('SN-0041');
    expect(textbox('Control Code')).toHaveValue('CC-0041');
    expect(spin('Coin Price')).toHaveValue('1200');
    expect(textbox('Currency')).toHaveValue('SEK');
    expect(spin('Amount')).toHaveValue('500');
    expect(textbox('Store Name')).toHaveValue('ica maxi');
    expect(textbox('Store Address')).toHaveValue('storgatan 1, Stockholm');
    expect(validTill()).toHaveValue('2099-12-31');
    expect(spin('Expiry Duration (Minutes)')).toHaveValue('150');
    expect(screen.getByTestId('expiry-hint')).toHaveTextContent('2 Hours 30 Minutes');
    expect(screen.getByRole('img', { name: 'Preview' })).toHaveAttribute('src', storedAddress);

    await user.clear(spin('Coin Price'));
    await user.type(spin('Coin Price'), '1500');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(app.location().pathname).toBe('/card-list'));
    expect(savesSeen().map((r) => [r.method, r.body])).toEqual([
      [
        'PUT',
        {
          updateId: 41,
          serialNumber: 'SN-0041',
          amount: 500,
          currency: 'SEK',
          storeName: 'ica maxi',
          storeAddress: 'storgatan 1, Stockholm',
          cardPicture: storedAddress,
          validTill: '2099-12-31',
          expiryDuration: 150,
          price: 1500,
          controlCode: 'CC-0041',
        },
      ],
    ]);
    expect(toasts()).toEqual(['Gift card updated.']);
  });

  test('a non-200 PUT toasts each entry of errors once (not the message); else the message once; nothing repeats them under the form', async () => {
    const { user, wait } = setupFakeTimedUser();
    const { savesSeen } = serve(card, {
      saves: [
        jsonResponse(400, {
          message: messages.validationFailed,
          errors: [messages.storeNameRequired, messages.amountRequired],
        }),
        jsonResponse(409, { message: messages.serialTaken }),
        jsonResponse(500, { message: messages.internalError }),
      ],
    });
    renderApp('/update-card?id=41');
    render(<Toaster />);
    await screen.findByRole('heading', { name: 'Update Gift Card' });

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts()).toEqual([messages.storeNameRequired, messages.amountRequired]));
    expect(screen.queryByTestId('form-error')).toBeNull();
    wait(3000); // the toasts close themselves

    // A taken serial number: one toast, and the message under its field.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts()).toEqual([messages.serialTaken]));
    expect(textbox('Serial No')).toHaveAccessibleDescription(messages.serialTaken);
    expect(screen.queryByTestId('form-error')).toBeNull();
    wait(3000);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts()).toEqual([messages.internalError]));
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(savesSeen()).toHaveLength(3);
  });

  test('the spec messages show under the fields of a loaded card', async () => {
    const { user } = setupFakeTimedUser();
    const { savesSeen } = serve(card);
    renderApp('/update-card?id=41');
    await screen.findByRole('heading', { name: 'Update Gift Card' });
    await user.clear(textbox('Serial No'));
    await user.clear(spin('Coin Price'));
    await user.clear(textbox('Currency'));
    await user.type(textbox('Currency'), 'S3K');
    pickDate(validTill(), '2001-01-01');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(validTill()).toHaveAccessibleDescription(messages.dateFromPast));
    expect(textbox('Serial No')).toHaveAccessibleDescription(messages.serialNoRequired);
    expect(spin('Coin Price')).toHaveAccessibleDescription(messages.coinPriceRequired);
    expect(textbox('Currency')).toHaveAccessibleDescription(messages.currencyLettersOnly);
    expect(validTill()).toHaveAccessibleDescription(messages.dateFromPast);
    expect(savesSeen()).toEqual([]);
  });

  test('Cancel goes back to the previous screen, or to the list when the form was the first', async () => {
    const { user } = setupFakeTimedUser();
    serve(card);
    const app = renderApp('/card-list?storeName=ica');
    await screen.findByRole('heading', { name: 'Gift Cards', level: 1 });
    await app.router.navigate('/update-card?id=41');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location().pathname).toBe('/card-list'));
    expect(app.location().search).toBe('?storeName=ica');
  });

  test('Cancel on a form opened directly goes to /card-list', async () => {
    const { user } = setupFakeTimedUser();
    serve(card);
    const app = renderApp('/update-card?id=41');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location().pathname).toBe('/card-list'));
  });

  test('an unknown id (an empty body) says the card was not found, once, with a way back and no Retry', async () => {
    setupFakeTimedUser();
    expectConsole('warn', 'Load failed');
    serve(card);
    renderApp('/update-card?id=999');
    render(<Toaster />);
    const back = await screen.findByRole('link', { name: 'Go to gift cards' });
    expect(back).toHaveAttribute('href', '/card-list');
    const panel = back.closest<HTMLElement>('[role="alert"]')!;
    expect(panel).toHaveTextContent(messages.giftCardNotFound);
    expect(within(panel).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(toasts()).toEqual([]);
  });

  test('a malformed id asks nothing of the server', async () => {
    const { api } = serve(card);
    renderApp('/update-card?id=abc');
    expect(await screen.findByText(messages.giftCardNotFound)).toBeInTheDocument();
    expect(api.seen.some((r) => r.url.pathname.startsWith('/api/giftcard'))).toBe(false);
  });
});
