import { useQuery } from '@tanstack/react-query';
import type { AuditEntityName } from '@strideadmin/contract';
import { auditActionLabel, auditChangeRows, auditEntriesQueryOptions } from '../lib/audit';
import { formatDateTime } from '../lib/format';
import { Spinner } from './spinner';

/** How many of a record's entries the panel shows (newest first). */
const shown = 20;

/**
 * A record's History (docs/behaviour.md §13): its audit entries, newest first, each with its time,
 * admin, action and the fields it changed.
 */
export function HistoryPanel({
  entity,
  entityId,
  headingLevel = 2,
}: {
  entity: AuditEntityName;
  entityId: number | string;
  headingLevel?: 2 | 3;
}) {
  const history = useQuery(
    auditEntriesQueryOptions({ entity, entityId: String(entityId), limit: shown, page: 1, order: 'desc' }),
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `history-${entity}-${entityId}`;

  let body;
  if (history.isPending) body = <Spinner label="Loading history" className="mx-auto my-4 size-5" />;
  else if (history.isError)
    body = (
      <p className="text-sm text-red-700 dark:text-red-400">Could not load the history: {history.error.message}</p>
    );
  else if (history.data.rows.length === 0)
    body = <p className="py-4 text-center text-sm text-slate-500 dark:text-slate-400">No recorded changes yet.</p>;
  else
    body = (
      <ol className="divide-y divide-slate-100 dark:divide-slate-800">
        {history.data.rows.map((e) => {
          const changes = auditChangeRows(e);
          return (
            <li key={e.id} className="py-3 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <time dateTime={e.at} className="text-slate-500 dark:text-slate-400">
                  {formatDateTime(e.at)}
                </time>
                <span className="font-medium">{auditActionLabel(e.action)}</span>
                <span className="text-slate-600 dark:text-slate-300">
                  by {e.actorName ?? e.actorEmail ?? (e.actorId === null ? 'unknown' : `#${e.actorId}`)}
                </span>
              </div>
              {changes.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-slate-600 dark:text-slate-300">
                  {changes.map((c) => (
                    <li key={c.field} className="break-all">
                      <span className="font-medium">{c.field}</span>: {c.before} → {c.after}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    );

  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} className="mb-2 text-base font-semibold">
        History
      </Heading>
      {body}
    </section>
  );
}
