import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../../src/components/data-table';

interface Planet {
  id: number;
  name: string;
  moons: number;
}
const planets: Planet[] = [
  { id: 1, name: 'Mercury', moons: 0 },
  { id: 2, name: 'Earth', moons: 1 },
];
const columns: DataTableColumn<Planet, 'name' | 'moons'>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (p) => <a href={`/p/${p.id}`}>{p.name}</a> },
  { id: 'moons', header: 'Moons', sortKey: 'moons', align: 'right', cell: (p) => p.moons },
  { id: 'kind', header: 'Kind', cell: () => 'planet' },
  { id: 'actions', header: 'Actions', cell: (p) => <button type="button">Delete {p.name}</button> },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Planet, 'name' | 'moons'>>[0]> = {}) {
  const onSortChange = vi.fn();
  const onRowClick = vi.fn();
  render(
    <DataTable
      caption="Planets"
      columns={columns}
      rows={planets}
      rowKey={(p) => p.id}
      sort={{ column: 'name', order: 'asc' }}
      onSortChange={onSortChange}
      onRowClick={onRowClick}
      {...props}
    />,
  );
  return { onSortChange, onRowClick, table: screen.getByRole('table', { name: 'Planets' }) };
}

describe('DataTable', () => {
  test('the sorted column header carries aria-sort; the others none', () => {
    renderTable({ sort: { column: 'name', order: 'asc' } });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Moons' })).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Kind' })).not.toHaveAttribute('aria-sort');
    cleanup();
    renderTable({ sort: { column: 'moons', order: 'desc' } });
    expect(screen.getByRole('columnheader', { name: 'Moons' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
  });

  test('a sortable header is a button that calls back with its sort key, by pointer or keyboard', async () => {
    const user = userEvent.setup();
    const { onSortChange } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Moons' }));
    expect(onSortChange).toHaveBeenLastCalledWith('moons');

    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith('name');
    await user.keyboard(' ');
    expect(onSortChange).toHaveBeenCalledTimes(3);
    // A column without a sort key has no button.
    expect(within(screen.getByRole('columnheader', { name: 'Kind' })).queryByRole('button')).toBeNull();
  });

  test('without onSortChange, headers are plain text', () => {
    renderTable({ onSortChange: undefined });
    expect(within(screen.getAllByRole('rowgroup')[0]!).queryAllByRole('button')).toHaveLength(0);
  });

  test('rows render their cells; the row header names the row', () => {
    const { table } = renderTable();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('Earth');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'planet', 'Delete Earth']);
  });

  test("a click on a row calls onRowClick, but not a click on the row's own link or button", async () => {
    const user = userEvent.setup();
    const { onRowClick } = renderTable();
    const mercuryRow = screen.getByRole('rowheader', { name: 'Mercury' }).closest('tr')!;
    await user.click(within(mercuryRow).getByText('planet'));
    expect(onRowClick).toHaveBeenCalledWith(planets[0]);
    onRowClick.mockClear();
    await user.click(screen.getByRole('button', { name: 'Delete Earth' }));
    // jsdom does not navigate; the link's click must still not reach the row.
    const link = screen.getByRole('link', { name: 'Earth' });
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  test('loading without rows: skeleton rows and a status; the table is busy', () => {
    const { table } = renderTable({
      rows: undefined,
      isLoading: true,
      skeletonRows: 3,
      loadingLabel: 'Loading planets',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading planets');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    expect(table).toHaveAttribute('aria-busy', 'true');
  });

  test('fetching the next page keeps the rows on screen and marks the table busy', () => {
    const { table } = renderTable({ isFetching: true });
    expect(screen.getByRole('link', { name: 'Earth' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(table).toHaveAttribute('aria-busy', 'true');
  });

  test('no rows: the empty content spans the table under the headers', () => {
    renderTable({ rows: [], empty: <p>No planets</p> });
    const cell = screen.getByText('No planets').closest('td')!;
    expect(cell).toHaveAttribute('colspan', '4');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
  });

  test('an error replaces the rows', () => {
    renderTable({ error: <p role="alert">Broken</p> });
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    expect(screen.queryByRole('link', { name: 'Earth' })).toBeNull();
  });
});
