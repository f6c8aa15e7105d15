/** Query keys of the quick search, written once. */
export const quickSearchKeys = {
  all: ['quick-search'] as const,
  search: (text: string) => [...quickSearchKeys.all, text] as const,
};
