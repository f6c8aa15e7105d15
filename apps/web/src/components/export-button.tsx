import { useState } from 'react';
import { apiDownload, type RequestOptions } from '../lib/api-client';
import { handleApiError } from '../lib/api-errors';
import { formatNumber } from '../lib/format';
import { Button } from './button';

/**
 * A list's Export (docs/behaviour.md §12): downloads GET `<path>/export` for the list's current
 * filters and sort (the server ignores the page) as the server's dated CSV file, showing the rows
 * received while it comes. A failure goes through the error policy (a toast).
 */
export function ExportButton({ path, query }: { path: string; query: RequestOptions['query'] }) {
  const [rows, setRows] = useState<number | null>(null);
  const exporting = rows !== null;

  const run = async () => {
    setRows(0);
    try {
      // The header's line end is not a row.
      const { blob, filename } = await apiDownload(`${path}/export`, {
        query,
        onProgress: (lines) => setRows(Math.max(0, lines - 1)),
      });
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      // The click has started the download; the URL may go on the next turn.
      setTimeout(() => URL.revokeObjectURL(href), 0);
    } catch (err) {
      handleApiError(err);
    } finally {
      setRows(null);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void run()} loading={exporting} aria-live="polite">
      {exporting ? `Exporting… ${formatNumber(rows)} rows` : 'Export'}
    </Button>
  );
}
