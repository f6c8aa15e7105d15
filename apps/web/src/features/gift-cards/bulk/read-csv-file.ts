import { defaultCsvDateOrder, messages, todayIso, type CsvDateOrder } from '@strideadmin/contract';
import type { CsvWorkerRequest } from './csv.worker';
import { parseBulkCsvBytes, type CsvReadResult } from './parse-bulk-csv';

/** Reads on this thread, after letting the page paint its "reading" state. */
export async function readCsvFileHere(
  file: Blob,
  today = todayIso(),
  dateOrder: CsvDateOrder = defaultCsvDateOrder,
): Promise<CsvReadResult> {
  await new Promise((r) => setTimeout(r, 0));
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch (err) {
    // The file moved or its permission was withdrawn after it was chosen.
    console.warn('The CSV file could not be opened:', err);
    return { ok: false, message: messages.csvMalformed + 'the browser could not open it.' };
  }
  return parseBulkCsvBytes(buffer, today, dateOrder);
}

interface CsvWorker {
  worker: Worker;
  /** It reported an error before it was used (it could not load: a CSP, a missing chunk...). */
  failed: boolean;
}

function startWorker(): CsvWorker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module', name: 'csv-reader' });
    const started: CsvWorker = { worker, failed: false };
    const onEarlyError = (e: Event) => {
      e.preventDefault();
      started.failed = true;
    };
    worker.addEventListener('error', onEarlyError, { once: true });
    return started;
  } catch (err) {
    console.warn('The CSV worker could not start; reading on the main thread:', err);
    return null;
  }
}

/** A worker started ahead of the file (its code loaded and compiled while the admin picks one). */
let ready: CsvWorker | null = null;

/**
 * Starts the CSV worker now, so reading the first file does not wait for the worker's code.
 * Returns the cleanup that stops it if it was not used.
 */
export function prepareCsvWorker(): () => void {
  ready ??= startWorker();
  return () => {
    ready?.worker.terminate();
    ready = null;
  };
}

/**
 * Reads, parses and validates a CSV file in a Web Worker (docs/behaviour.md §13), so a 10,000-row file
 * does not freeze the page. Where there is no Worker (jsdom, a locked-down browser) or it fails to
 * start, the same code runs on the main thread: the answer always comes, never a hang.
 * `signal` abandons the read (another file was chosen): the promise then never settles. Dates are
 * read in `dateOrder`, the server's (GET /config/gift-cards).
 */
export function readCsvFile(
  file: File,
  opts: { today?: string; dateOrder?: CsvDateOrder; signal?: AbortSignal } = {},
): Promise<CsvReadResult> {
  const today = opts.today ?? todayIso();
  const dateOrder = opts.dateOrder ?? defaultCsvDateOrder;
  const taken = ready ?? startWorker();
  ready = null;
  if (!taken) return readCsvFileHere(file, today, dateOrder);
  const { worker } = taken;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: CsvReadResult | Promise<CsvReadResult>) => {
      if (settled) return;
      settled = true;
      worker.terminate();
      if (!opts.signal?.aborted) resolve(result);
    };
    const fallBack = (why: string) => {
      console.warn(`The CSV worker failed (${why}); reading on the main thread.`);
      finish(readCsvFileHere(file, today, dateOrder));
    };
    if (taken.failed) {
      fallBack('it did not load');
      return;
    }
    worker.addEventListener('message', (e: MessageEvent<CsvReadResult>) => finish(e.data));
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      fallBack(e.message || 'it did not load');
    });
    worker.addEventListener('messageerror', () => fallBack('its answer could not be read'));
    opts.signal?.addEventListener('abort', () => {
      settled = true;
      worker.terminate();
    });
    const request: CsvWorkerRequest = { file, today, dateOrder };
    worker.postMessage(request);
  });
}
