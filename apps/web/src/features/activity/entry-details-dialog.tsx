import { Link } from 'react-router';
import type { AuditEntry } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { auditActionLabel, auditChangeRows, auditEntityLabel, auditRecordHref } from '../../lib/audit';
import { formatDateTime } from '../../lib/format';

/** An audit entry's Details (docs/behaviour.md §13): every field, the changes as a before/after table, a bulk action's ids. */
export function EntryDetailsDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const href = entry ? auditRecordHref(entry.entity, entry.entityId) : null;
  const rows: [string, React.ReactNode][] = entry
    ? [
        ['Entry', `#${entry.id}`],
        ['Time', <time dateTime={entry.at}>{`${formatDateTime(entry.at)} (${entry.at})`}</time>],
        ['Admin', entry.actorName ?? '—'],
        ['Admin e-mail', entry.actorEmail ?? '—'],
        ['Admin ID', entry.actorId === null ? '—' : String(entry.actorId)],
        ['Action', auditActionLabel(entry.action)],
        ['Record type', auditEntityLabel(entry.entity)],
        [
          'Record ID',
          href ? (
            <Link className="text-indigo-600 underline dark:text-indigo-400" to={href}>
              {entry.entityId}
            </Link>
          ) : (
            (entry.entityId ?? '—')
          ),
        ],
        ['Client address', entry.clientIp ?? '—'],
        ['User agent', entry.userAgent ?? '—'],
        ['Request ID', entry.requestId ?? '—'],
      ]
    : [];
  const changes = entry ? auditChangeRows(entry) : [];
  return (
    <Modal
      open={entry !== null}
      onClose={onClose}
      title="Activity details"
      size="xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {entry && (
        <div className="space-y-6 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium text-slate-500 dark:text-slate-400">{k}</dt>
                <dd className="break-all">{v}</dd>
              </div>
            ))}
          </dl>
          {entry.entityIds && entry.entityIds.length > 0 && (
            <section aria-labelledby="activity-ids">
              <h3 id="activity-ids" className="mb-2 font-semibold">
                Records ({entry.entityIds.length})
              </h3>
              <ul className="flex flex-wrap gap-2">
                {entry.entityIds.map((id) => (
                  <li key={String(id)} className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                    {String(id)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {changes.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="min-w-full text-left">
                <caption className="mb-2 text-left font-semibold">Changes</caption>
                <thead className="text-slate-500 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Field
                    </th>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Before
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      After
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {changes.map((c) => (
                    <tr key={c.field}>
                      <th scope="row" className="py-1 pr-4 font-medium">
                        {c.field}
                      </th>
                      <td className="py-1 pr-4 break-all">{c.before}</td>
                      <td className="py-1 break-all">{c.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-slate-500 dark:text-slate-400">No field changes recorded.</p>
          )}
        </div>
      )}
    </Modal>
  );
}
