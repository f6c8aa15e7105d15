import { within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderSignInScreen } from '../../build/prerender-login';

// The build runs this module in Node (route-preloads.ts renderAtBuild) and puts its HTML in
// dist/login.html; e2e/auth.spec.ts checks that page as the server sends it.
it('the sign-in screen rendered to HTML is the form, with nothing the CSP would refuse', () => {
  const html = renderSignInScreen();
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const page = within(host);
  expect(page.getByRole('heading', { name: 'Sign in to StrideAdmin' })).toBeInTheDocument();
  expect(page.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  expect(page.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('autocomplete', 'username');
  expect(page.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
  expect(page.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  expect(html).not.toMatch(/<script|style="/);
});
