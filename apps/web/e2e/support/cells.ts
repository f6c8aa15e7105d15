import type { Locator } from '@playwright/test';

/** A list row's (or table's) data cells, without the selection checkbox's cell (docs/behaviour.md §12). */
export const dataCells = (within: Locator) =>
  within.getByRole('cell').filter({ hasNot: within.page().getByRole('checkbox') });
