import { messages, type CsvDateOrder } from '@strideadmin/contract';
import { parseBulkCsvBytes, type CsvReadResult } from './parse-bulk-csv';

/**
 * The CSV reader off the main thread (docs/behaviour.md §13): a 10,000-row file is read, parsed and
 * validated here, so the page keeps responding. In: the File, today's date and the server's date
 * order; out: one CsvReadResult.
 */
export interface CsvWorkerRequest {
  file: File;
  today: string;
  dateOrder: CsvDateOrder;
}

/** The worker's global scope, as much of it as is used (the app compiles with the DOM lib). */
interface CsvWorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<CsvWorkerRequest>) => void): void;
  postMessage(message: CsvReadResult): void;
}
const scope = self as unknown as CsvWorkerScope;

scope.addEventListener('message', (event) => {
  const { file, today, dateOrder } = event.data;
  file
    .arrayBuffer()
    .then((buffer) => parseBulkCsvBytes(buffer, today, dateOrder))
    .catch((err: unknown): CsvReadResult => {
      console.warn('The CSV worker could not read the file:', err);
      return { ok: false, message: messages.csvMalformed + 'the browser could not open it.' };
    })
    .then((result) => scope.postMessage(result))
    .catch((err: unknown) => console.warn('The CSV worker could not answer:', err));
});
