import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { defaultQuerySource, messages, type ComplaintQuery } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useIdParam } from '../../lib/id-param';
import { paths } from '../../lib/paths';
import { useComplaintQuery } from './api/get-complaint-query';
import { useMarkComplaintQueryRead } from './api/mark-complaint-query-read';

/** Where a record that cannot be loaded sends the user back to. */
const backToList = { backTo: paths.queryList, backLabel: 'Go to complaint queries' };

/**
 * docs/behaviour.md §2 Complaint Query Detail: title, user name, user email, source (default Mobile), Is Read
 * (always shown as Yes) and the message. docs/behaviour.md §4: opening a query whose isRead is false marks it
 * read (PUT /message {isRead: true, updateId}), once.
 */
export function ComplaintDetailsPage() {
  const id = useIdParam();
  const query = useComplaintQuery(id);
  if (id === null) return <LoadFailed notFound={messages.queryNotFound} {...backToList} />;
  if (query.isPending) return <Spinner label="Loading" className="mx-auto mt-24 size-6" />;
  if (query.isError)
    return (
      <LoadFailed
        error={query.error}
        notFound={messages.queryNotFound}
        onRetry={() => void query.refetch()}
        {...backToList}
      />
    );
  return <QueryDetails query={query.data} />;
}

function QueryDetails({ query }: { query: ComplaintQuery }) {
  const navigate = useNavigate();
  const { mutate: markRead } = useMarkComplaintQueryRead();
  // StrictMode runs effects twice on mount, and a refetch may hand back the same unread query
  // before the mark lands: one call per query id, whatever happens.
  const markedId = useRef<number | null>(null);
  const unread = !query.isRead;
  useEffect(() => {
    if (!unread || markedId.current === query.id) return;
    markedId.current = query.id;
    markRead(query.id);
  }, [unread, query.id, markRead]);

  const facts: [string, string][] = [
    ['User Name', query.User?.name ?? 'Deleted user'],
    ['User Email', query.User?.email ?? '—'],
    ['Source', query.source || defaultQuerySource],
    // docs/behaviour.md §2: Is Read is always shown as Yes (opening the query reads it).
    ['Is Read', 'Yes'],
  ];

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Complaint Query Detail"
        actions={
          <Button variant="secondary" onClick={() => void navigate(paths.queryList)}>
            Go Back
          </Button>
        }
      />
      <Card>
        <h2 className="text-xl font-semibold break-words" data-testid="query-title">
          {query.title}
        </h2>
        <dl className="mt-4 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          {facts.map(([k, v]) => (
            <div key={k} className="flex justify-between gap-4 border-b border-slate-100 pb-2 dark:border-slate-800">
              <dt className="shrink-0 text-slate-500 dark:text-slate-400">{k}</dt>
              <dd className="text-right font-medium break-all">{v}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-6 text-sm font-medium text-slate-500 dark:text-slate-400">Message</h3>
        {/* Plain text as the user wrote it: line breaks and spacing kept, never interpreted as HTML. */}
        <p
          data-testid="query-message"
          className="mt-2 rounded-lg bg-slate-50 p-4 text-sm break-words whitespace-pre-wrap text-slate-900 dark:bg-slate-800/50 dark:text-slate-100"
        >
          {query.message}
        </p>
      </Card>
    </div>
  );
}
