import type { Page } from '@playwright/test';

/** The toast of a delete waiting for its Undo window (docs/behaviour.md §12 "Selection and undo"). */
export const undoToast = (page: Page) =>
  page.getByTestId('toast').filter({ has: page.getByRole('button', { name: 'Undo' }) });

/** Sends the waiting delete now: closing its toast commits it, without waiting out the window. */
export async function commitDelete(page: Page) {
  await undoToast(page).getByRole('button', { name: 'Dismiss' }).click();
}
