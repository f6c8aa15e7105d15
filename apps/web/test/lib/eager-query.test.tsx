import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { useEagerQuery } from '../../src/lib/eager-query';

/**
 * What a component drawn beside (after) the querying one sees of the query while the screen is
 * still being drawn: whether its call has started.
 */
function statusDuringDraw(useTheQuery: (fn: () => Promise<string>, enabled?: boolean) => unknown, enabled = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetcher = vi.fn(() => new Promise<string>(() => {}));
  let seen: string | undefined;
  function Querying() {
    useTheQuery(fetcher, enabled);
    return null;
  }
  function Beside() {
    seen ??= client.getQueryState(['k'])?.fetchStatus ?? 'none';
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <Querying />
      <Beside />
    </QueryClientProvider>,
  );
  return { seen, fetcher };
}

describe('useEagerQuery', () => {
  test('starts the call while the screen draws (useQuery starts it only once it is drawn)', async () => {
    const eager = statusDuringDraw((fn) => useEagerQuery({ queryKey: ['k'], queryFn: fn }));
    expect(eager.seen).toBe('fetching');
    const plain = statusDuringDraw((fn) => useQuery({ queryKey: ['k'], queryFn: fn }));
    expect(plain.seen).toBe('idle');
    // One call either way: the component reads the call started for it.
    await waitFor(() => expect(plain.fetcher).toHaveBeenCalledTimes(1));
    expect(eager.fetcher).toHaveBeenCalledTimes(1);
  });

  test('starts nothing for a disabled query', () => {
    const { seen, fetcher } = statusDuringDraw(
      (fn, enabled) => useEagerQuery({ queryKey: ['k'], queryFn: fn, enabled }),
      false,
    );
    expect(seen).toBe('idle');
    expect(fetcher).not.toHaveBeenCalled();
  });
});
