import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatShortDate } from '../lib/format';
import type { DataTableColumn } from './data-table';

/** A list's Created column (sorted by createdAt): the date, readable. */
export function createdColumn<Row extends { createdAt: string }>(): DataTableColumn<Row, 'createdAt'> {
  return {
    id: 'created',
    header: 'Created',
    sortKey: 'createdAt',
    className: 'whitespace-nowrap',
    // The short month keeps the column narrow; the full date on hover.
    cell: (row) => (
      <time dateTime={row.createdAt} title={formatDate(row.createdAt)}>
        {formatShortDate(row.createdAt)}
      </time>
    ),
  };
}

/**
 * A list's last column: the row's actions (RowLink, RowButton), under a header for assistive technology
 * only. DataTable pins it to the right edge, and puts it under each phone card.
 */
export function actionsColumn<Row>(actions: (row: Row) => ReactNode): DataTableColumn<Row, never> {
  return {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    label: 'Actions',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (row) => <div className="flex justify-end gap-1">{actions(row)}</div>,
  };
}

const rowAction =
  'inline-flex shrink-0 whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium focus-visible:outline-2 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';
const tones = {
  primary:
    'text-indigo-600 hover:bg-indigo-50 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-slate-800',
  danger: 'text-red-600 hover:bg-red-50 focus-visible:outline-red-600 dark:text-red-400 dark:hover:bg-red-950',
};

/**
 * A list row's link (Edit, View...). Its accessible name says which row it acts on ("Edit Ada"),
 * since every row has one: `label` and the row's `name`, or `ariaLabel`.
 */
export function RowLink({
  to,
  label,
  name,
  ariaLabel,
}: {
  to: string;
  label: string;
  name: string;
  ariaLabel?: string;
}) {
  return (
    <Link to={to} aria-label={ariaLabel ?? `${label} ${name}`} className={`${rowAction} ${tones.primary}`}>
      {label}
    </Link>
  );
}

/** A list row's button (View, Delete...), named like RowLink; `danger` for Delete. */
export function RowButton({
  label,
  name,
  onClick,
  danger = false,
  disabled,
  title,
}: {
  label: string;
  name: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Why it is disabled. */
  title?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${label} ${name}`}
      disabled={disabled}
      title={title}
      className={`${rowAction} ${danger ? tones.danger : tones.primary}`}
    >
      {label}
    </button>
  );
}

/**
 * The classes of a list's stretchy text column (an e-mail, a message): it takes the table's spare width
 * and no more, so the table fits its screen; its text (a TruncatedText) ends in an ellipsis.
 */
export const fluidColumn = 'w-full max-w-0';

/** One line of text cut with an ellipsis where its column ends; the whole text on hover. */
export function TruncatedText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <span className={`block min-w-24 truncate ${className}`} title={text}>
      {text}
    </span>
  );
}
