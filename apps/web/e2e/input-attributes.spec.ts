import { limits, messages } from '@strideadmin/contract';
import { expect, test } from './support/fixtures';

// docs/behaviour.md §5: every input carries the attributes its rule implies; the forms keep
// noValidate, so what shows is still the contract's message, never the browser's bubble.

test('the sign-in form: required fields, the e-mail limited, the password never cut short', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('required', '');
  await expect(email).toHaveAttribute('maxlength', String(limits.emailMax));
  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('required', '');
  await expect(password).not.toHaveAttribute('maxlength');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The contract's message, not a browser bubble.
  await expect(page.getByText(messages.emailRequired)).toBeVisible();
});

test("the add user and add gift card forms carry their rules' attributes", async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/add-user');
  const name = page.getByLabel('Name');
  await expect(name).toHaveAttribute('required', '');
  await expect(name).toHaveAttribute('maxlength', String(limits.nameMax));
  await expect(name).toHaveAttribute('pattern', '[\\p{L}\\s]+');
  await expect(page.getByLabel('Email')).toHaveAttribute('maxlength', String(limits.emailMax));

  await page.goto('/add-card');
  const serial = page.getByLabel('Serial No');
  await expect(serial).toHaveAttribute('required', '');
  await expect(serial).toHaveAttribute('maxlength', String(limits.giftCardTextMax.serialNumber));
  await expect(page.getByLabel('Store Name')).toHaveAttribute('required', '');
});
