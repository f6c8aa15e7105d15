import type { DateRange } from '@strideadmin/contract';

/** Query keys of the home feature, written once. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  range: (range: DateRange) => [...dashboardKeys.all, range] as const,
};
