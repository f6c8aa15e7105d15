import { isRouteErrorResponse, useRouteError } from 'react-router';
import { coreMessages } from '@strideadmin/contract';
import { ChunkLoadError } from '../lib/load-chunk';
import { NotFoundPage } from './not-found';

/** Route error element: a chunk that failed to load gets a retry; anything else a clear message. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const isChunk = error instanceof ChunkLoadError;
  if (!isChunk) console.error(error);
  return (
    <div
      role="alert"
      className="mx-auto mt-24 max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h1 className="text-lg font-semibold">{isChunk ? 'Could not load this screen' : 'Something went wrong'}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {isChunk ? coreMessages.chunkLoadFailed : coreMessages.noResponse}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Retry
      </button>
    </div>
  );
}
