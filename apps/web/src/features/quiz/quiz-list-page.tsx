import { undoHint } from '../../lib/undoable-delete';
import { Link, useNavigate } from 'react-router';
import { languageOptions, type Language, type QuizQuestion, type quizSortColumns } from '@strideadmin/contract';
import { ActiveBadge } from '../../components/badge';
import { ButtonLink } from '../../components/button-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import type { FilterField } from '../../components/filter-bar';
import { ListBody } from '../../components/list-body';
import { actionsColumn, createdColumn, RowButton, RowLink } from '../../components/list-columns';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { useDeleteConfirmation } from '../../lib/delete-confirmation';
import { formatNumber } from '../../lib/format';
import { useListParams, type ListFilters } from '../../lib/list-params';
import { hrefs, paths } from '../../lib/paths';
import { quizDeletion } from './api/delete-quiz';
import { quizListParamsSchema, useQuizList, type QuizListParams } from './api/list-quiz';

type QuizSort = (typeof quizSortColumns)[number];
type QuizFilterName = keyof ListFilters<QuizListParams>;

/** docs/behaviour.md §2 Search filters: quiz (question); §10: the language as a select. */
const filterFields: readonly FilterField<QuizFilterName>[] = [
  { name: 'question', label: 'Question', placeholder: 'Search by question' },
  { name: 'language', label: 'Language', type: 'select', options: languageOptions, allLabel: 'All languages' },
];

const languageLabel = (language: Language) => languageOptions.find((o) => o.value === language)?.label ?? language;

/** A long question, short enough for a button's accessible name or a dialog title. */
const shorten = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** /quiz-list (docs/behaviour.md §12): filters, sort and page in the URL; edit and delete per row. */
export function QuizListPage() {
  const list = useListParams(quizListParamsSchema);
  const { params } = list;
  const quiz = useQuizList(params);
  const navigate = useNavigate();
  const deletion = useDeleteConfirmation<QuizQuestion>(quizDeletion);

  const editHref = (q: QuizQuestion) => hrefs.withId(paths.updateQuiz, q.id);

  const columns: DataTableColumn<QuizQuestion, QuizSort>[] = [
    {
      id: 'question',
      header: 'Question',
      sortKey: 'question',
      rowHeader: true,
      className: 'min-w-48 max-w-md',
      cell: (q) => (
        <Link
          to={editHref(q)}
          className="line-clamp-2 font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-400"
        >
          {q.question}
        </Link>
      ),
    },
    { id: 'language', header: 'Language', sortKey: 'language', optional: true, cell: (q) => languageLabel(q.language) },
    {
      id: 'correctOption',
      header: 'Correct option',
      optional: true,
      cell: (q) => <span className="whitespace-nowrap">{`Option ${q.correctOption}`}</span>,
    },
    {
      id: 'coins',
      header: 'Coins',
      sortKey: 'coins',
      align: 'right',
      optional: true,
      cell: (q) => formatNumber(q.coins),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'isActive',
      optional: true,
      cell: (q) => <ActiveBadge active={q.isActive} />,
    },
    { ...createdColumn(), optional: true },
    actionsColumn((q) => (
      <>
        <RowLink to={editHref(q)} label="Edit" name={shorten(q.question)} />
        <RowButton label="Delete" name={shorten(q.question)} onClick={() => deletion.ask(q)} danger />
      </>
    )),
  ];

  return (
    <section>
      <PageHeader
        title="Quiz Questions"
        busy={quiz.isFetching && !quiz.isPending}
        actions={
          <>
            <ExportButton path="/quiz" query={params} />
            <ButtonLink to={paths.addQuiz}>Add Quiz Question</ButtonLink>
          </>
        }
      />
      <ListBody
        list={list}
        query={quiz}
        filterLabel="Filter quiz questions"
        filterFields={filterFields}
        caption="Quiz Questions"
        columns={columns}
        onRowClick={(q) => void navigate(editHref(q))}
        loadingLabel="Loading quiz questions"
        errorTitle="Could not load quiz questions"
        emptyTitle="No quiz questions found"
        filteredHint="No question matches these filters. Try other words, or clear the filters."
        emptyAction={<ButtonLink to={paths.addQuiz}>Add Quiz Question</ButtonLink>}
        paginationLabel="Quiz question pages"
        columnsId="quiz"
        bulk={{ target: quizDeletion, rowName: (q) => shorten(q.question) }}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete this quiz question?"
        description={
          deletion.target ? `“${shorten(deletion.target.question, 120)}” will be deleted. ${undoHint}` : undefined
        }
      />
    </section>
  );
}
