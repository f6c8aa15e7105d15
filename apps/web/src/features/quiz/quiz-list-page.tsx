import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  languageOptions,
  limits,
  messages,
  type Language,
  type QuizQuestion,
  type quizSortColumns,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { FilterBar, type FilterField, type FilterValues } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { Pagination, pageCount } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatDate, formatNumber } from '../../lib/format';
import { useListParams, type ListFilters } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useDeleteQuiz } from './api/delete-quiz';
import { quizListParamsSchema, useQuizList, type QuizListParams } from './api/list-quiz';

type QuizSort = (typeof quizSortColumns)[number];
type QuizFilterName = keyof ListFilters<QuizListParams>;

/** spec §2 Search filters: quiz (question); PRODUCT.md §3: the language as a select. */
const filterFields: readonly FilterField<QuizFilterName>[] = [
  { name: 'question', label: 'Question', placeholder: 'Search by question' },
  { name: 'language', label: 'Language', type: 'select', options: languageOptions, allLabel: 'All languages' },
];

const languageLabel = (language: Language) => languageOptions.find((o) => o.value === language)?.label ?? language;

/** A long question, short enough for a button's accessible name or a dialog title. */
const shorten = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** /quiz-list (PRODUCT.md §5): filters, sort and page in the URL; edit and delete per row. */
export function QuizListPage() {
  const list = useListParams(quizListParamsSchema);
  const { params } = list;
  const quiz = useQuizList(params);
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<QuizQuestion | null>(null);
  const deleteQuiz = useDeleteQuiz();

  // A page past the end (the last row of the last page was deleted, or an old link): go to the last one.
  const data = quiz.isPlaceholderData ? undefined : quiz.data;
  const { setPage } = list;
  useEffect(() => {
    if (data && data.rows.length === 0 && data.count > 0 && params.page > 1)
      setPage(pageCount(data.count, params.limit), { replace: true });
  }, [data, params.page, params.limit, setPage]);

  const editHref = (q: QuizQuestion) => hrefs.withId(paths.updateQuiz, q.id);

  const columns: DataTableColumn<QuizQuestion, QuizSort>[] = [
    {
      id: 'question',
      header: 'Question',
      sortKey: 'question',
      rowHeader: true,
      className: 'min-w-64 max-w-md',
      cell: (q) => (
        <Link
          to={editHref(q)}
          className="line-clamp-2 font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-400"
        >
          {q.question}
        </Link>
      ),
    },
    { id: 'language', header: 'Language', sortKey: 'language', cell: (q) => languageLabel(q.language) },
    {
      id: 'correctOption',
      header: 'Correct option',
      className: 'whitespace-nowrap',
      cell: (q) => `Option ${q.correctOption}`,
    },
    { id: 'coins', header: 'Coins', sortKey: 'coins', align: 'right', cell: (q) => formatNumber(q.coins) },
    { id: 'status', header: 'Status', sortKey: 'isActive', cell: (q) => <StatusBadge active={q.isActive} /> },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (q) => <time dateTime={q.createdAt}>{formatDate(q.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (q) => (
        <div className="flex justify-end gap-1">
          <Link
            to={editHref(q)}
            aria-label={`Edit ${shorten(q.question)}`}
            className="rounded-md px-2 py-1 text-sm font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-slate-800"
          >
            Edit
          </Link>
          <button
            type="button"
            onClick={() => setToDelete(q)}
            aria-label={`Delete ${shorten(q.question)}`}
            className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-red-400 dark:hover:bg-red-950"
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteQuiz.mutate(toDelete.id, {
      onSuccess: (res) => toast.success(res.message ?? messages.quizDeleted),
      // A failure is toasted by the query client's policy (spec §8).
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section>
      <PageHeader
        title="Quiz Questions"
        actions={
          <>
            {quiz.isFetching && !quiz.isPending && <Spinner className="size-5 self-center text-slate-400" />}
            <ButtonLink to={paths.addQuiz}>Add Quiz Question</ButtonLink>
          </>
        }
      />
      <FilterBar
        label="Filter quiz questions"
        fields={filterFields}
        values={list.filters}
        // The Language select offers only languageOptions' values; the URL schema drops anything else.
        onApply={(v: FilterValues<QuizFilterName>) => list.setFilters(v as Partial<typeof list.filters>)}
        onClear={list.clearFilters}
      />
      <DataTable
        caption="Quiz Questions"
        columns={columns}
        rows={quiz.data?.rows}
        rowKey={(q) => q.id}
        sort={{ column: params.sort, order: params.order }}
        onSortChange={list.toggleSort}
        isLoading={quiz.isPending}
        isFetching={quiz.isPlaceholderData}
        skeletonRows={Math.min(params.limit, 10)}
        loadingLabel="Loading quiz questions"
        onRowClick={(q) => void navigate(editHref(q))}
        error={
          // A failed background refetch keeps the rows on screen (the toast tells); no rows: the error state.
          quiz.isError &&
          !quiz.data && (
            <ErrorState
              title="Could not load quiz questions"
              message={quiz.error.message}
              onRetry={() => void quiz.refetch()}
              retrying={quiz.isFetching}
            />
          )
        }
        empty={
          <EmptyState
            title="No quiz questions found"
            hint={
              list.isFiltered ? 'No question matches these filters. Try other words, or clear the filters.' : undefined
            }
            action={
              list.isFiltered ? (
                <Button variant="secondary" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              ) : (
                <ButtonLink to={paths.addQuiz}>Add Quiz Question</ButtonLink>
              )
            }
          />
        }
      />
      {quiz.data && quiz.data.count > 0 && (
        <Pagination
          label="Quiz question pages"
          page={params.page}
          pageSize={params.limit}
          count={quiz.data.count}
          onPageChange={list.setPage}
          pageSizes={limits.listPageSizes}
          onPageSizeChange={(n) => list.setPageSize(n as typeof params.limit)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this quiz question?"
        description={
          toDelete ? `“${shorten(toDelete.question, 120)}” will be deleted. This cannot be undone.` : undefined
        }
        pending={deleteQuiz.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        active
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30'
          : 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/30'
      }`}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
