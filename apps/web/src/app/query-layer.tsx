import { type QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client';

/**
 * TanStack Query for the screens below it, as a route layout of its own chunk: the sign-in
 * screen does not use it, so /login does not load it (/login stays light). The app has one
 * client, made when this chunk first loads; a client provided from above (a test's) is used as is.
 */
let appClient = createQueryClient();

/** The app's client (app/first-calls.ts starts a sign-in's first calls in it). */
export const getAppClient = (): QueryClient => appClient;

/** Tests: the client a test's app uses (test/support/render-app.tsx also provides it above the router). */
export function setAppClient(client: QueryClient): void {
  appClient = client;
}

export function QueryLayer() {
  const provided = useContext(QueryClientContext);
  if (provided) return <Outlet />;
  return (
    <QueryClientProvider client={appClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
