import { createUserViaApi, uniqueLetters } from './support/api';
import { expectAccessible } from './support/axe';
import { expect, test, type Page } from './support/fixtures';
import { createGiftCardViaApi, uniqueCode, uploadCardPictureViaApi } from './support/gift-cards';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Quick search' });
const field = (page: Page) => palette(page).getByRole('combobox', { name: 'Search screens, users and gift cards' });

/** docs/behaviour.md §12 Quick search: the top bar's command palette, by keyboard only. */
test.describe('the quick search', () => {
  test('Ctrl+K opens it; part of a name, ArrowDown and Enter open that user; Escape closes it', async ({
    page,
    signIn,
  }) => {
    const { token } = await signIn('admin');
    const surname = `Quix${uniqueLetters()}`;
    const name = `Petra ${surname}`;
    const id = await createUserViaApi(page.request, token, {
      name,
      email: `${surname.toLowerCase()}@example.com`,
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+k');
    await expect(field(page)).toBeFocused();

    await page.keyboard.type(surname.slice(1).toLowerCase());
    const option = palette(page).getByRole('option', { name: new RegExp(name) });
    await expect(option).toBeVisible();
    // No screen has this text: the user is the first option, and ArrowDown from the last wraps to it.
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(field(page)).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/user-details\\?id=${id}$`));
    await expect(page.getByTestId('user-details-name')).toHaveText(name);
    await expect(palette(page)).toHaveCount(0);

    // Escape closes it and gives the focus back to the search button.
    await page.getByTestId('quick-search-trigger').click();
    await expect(field(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(page.getByTestId('quick-search-trigger')).toBeFocused();
  });

  test('a serial number opens that gift card; "gift" opens the Gift Cards screen', async ({ page, signIn }) => {
    const { token } = await signIn('admin');
    const serialNumber = uniqueCode('QS');
    const cardPicture = await uploadCardPictureViaApi(page.request, token);
    const { id } = await createGiftCardViaApi(page.request, token, { serialNumber, cardPicture });

    await page.goto('/user-list');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+k');
    // As a person does: type once the palette is there (its code may still be on the way).
    await expect(field(page)).toBeFocused();
    await page.keyboard.type(serialNumber.toLowerCase());
    const card = palette(page).getByRole('option', { name: new RegExp(serialNumber) });
    await expect(card).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/update-card\\?id=${id}$`));
    await expect(page.getByText(`Serial number ${serialNumber}`)).toBeVisible();

    await page.keyboard.press('ControlOrMeta+k');
    await expect(field(page)).toBeFocused();
    await page.keyboard.type('gift');
    const screen = palette(page).getByRole('option', { name: /^Gift Cards/ });
    await expect(screen).toHaveAttribute('aria-selected', 'true');
    // ArrowDown and ArrowUp move the active option and back.
    await page.keyboard.press('ArrowDown');
    await expect(screen).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowUp');
    await expect(screen).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/card-list$/);
    await expect(page.getByRole('heading', { name: 'Gift Cards', level: 1 })).toBeVisible();
  });

  test('says when nothing matches, and passes axe while open', async ({ page, signIn }) => {
    const { token } = await signIn('admin');
    const surname = `Axe${uniqueLetters()}`;
    await createUserViaApi(page.request, token, {
      name: `Ada ${surname}`,
      email: `${surname.toLowerCase()}@example.com`,
    });

    await page.goto('/');
    await page.getByRole('button', { name: 'Search…' }).click();
    await expect(field(page)).toBeFocused();
    await page.keyboard.type(`zz${uniqueLetters()}`);
    await expect(palette(page).getByText('No results')).toBeVisible();

    await field(page).fill(surname);
    await expect(palette(page).getByRole('option', { name: new RegExp(surname) })).toBeVisible();
    await expectAccessible(page, 'the quick search palette');
  });
});
