import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { pageBounds, pageCount, pageRange, Pagination } from '../../src/components/pagination';

describe('pageRange', () => {
  test('few pages: all of them', () => {
    expect(pageRange(1, 0)).toEqual([]);
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('many pages: first, last, the current one with its siblings, and ellipses for the gaps', () => {
    expect(pageRange(1, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
    expect(pageRange(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
    expect(pageRange(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageRange(7, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
    expect(pageRange(10, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
    expect(pageRange(25_000, 50_000)).toEqual([1, 'ellipsis', 24_999, 25_000, 25_001, 'ellipsis', 50_000]);
  });

  test('the number of items stays the same while paging through many pages', () => {
    for (let p = 1; p <= 30; p++) expect(pageRange(p, 30)).toHaveLength(7);
    for (let p = 1; p <= 30; p++) expect(pageRange(p, 30, 2)).toHaveLength(9);
  });

  test('a current page out of range is clamped', () => {
    expect(pageRange(99, 10)).toEqual(pageRange(10, 10));
    expect(pageRange(0, 10)).toEqual(pageRange(1, 10));
  });
});

test('pageBounds and pageCount', () => {
  expect(pageBounds(1, 20, 57)).toEqual({ from: 1, to: 20 });
  expect(pageBounds(3, 20, 57)).toEqual({ from: 41, to: 57 });
  expect(pageBounds(1, 20, 0)).toEqual({ from: 0, to: 0 });
  expect(pageCount(57, 20)).toBe(3);
  expect(pageCount(60, 20)).toBe(3);
  expect(pageCount(0, 20)).toBe(1);
});

describe('Pagination', () => {
  function renderPagination(
    page: number,
    count: number,
    pageSize = 20,
    countCapped?: boolean,
    exactly: { exact?: boolean; counting?: boolean; onCountExactly?: () => void } = {},
  ) {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    render(
      <Pagination
        page={page}
        pageSize={pageSize}
        count={count}
        countCapped={countCapped}
        {...exactly}
        onPageChange={onPageChange}
        pageSizes={[10, 20, 50, 100]}
        onPageSizeChange={onPageSizeChange}
        label="Users pages"
      />,
    );
    return { onPageChange, onPageSizeChange, nav: screen.getByRole('navigation', { name: 'Users pages' }) };
  }

  test('shows "Showing a–b of count" with grouped thousands', () => {
    renderPagination(2, 1_234_567);
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 21–40 of 1,234,567');
  });

  test('marks the current page; Previous is disabled on the first page, Next on the last', async () => {
    const user = userEvent.setup();
    const { nav, onPageChange } = renderPagination(1, 45);
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Next page']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    // The current page's button does nothing.
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange).toHaveBeenCalledTimes(2);
  });

  test('on the last page Next is disabled and Previous goes back', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderPagination(3, 45);
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 41–45 of 45');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  test('the page size select offers the choices and reports a number', async () => {
    const user = userEvent.setup();
    const { onPageSizeChange } = renderPagination(1, 45);
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('20');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
    await user.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  test('a capped count reads "more than", and the page past it can be reached', async () => {
    const user = userEvent.setup();
    const { nav, onPageChange } = renderPagination(500, 10_000, 20, true);
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 9,981–10,000 of more than 10,000');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Previous page', 'Page 1', 'Page 497', 'Page 498', 'Page 499', 'Page 500', 'Page 501', 'Next page']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(501);
  });

  test('a capped count offers Count exactly; it spins while counting', async () => {
    const user = userEvent.setup();
    const onCountExactly = vi.fn();
    renderPagination(1, 1_000, 20, true, { onCountExactly });
    await user.click(screen.getByRole('button', { name: 'Count exactly' }));
    expect(onCountExactly).toHaveBeenCalledTimes(1);
    cleanup();
    renderPagination(1, 1_000, 20, true, { onCountExactly, counting: true });
    expect(screen.getByRole('button', { name: 'Counting…' })).toBeDisabled();
  });

  test('no Count exactly when the count is known', () => {
    renderPagination(1, 45, 20, false, { onCountExactly: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Count exactly' })).toBeNull();
  });

  test('an exact count: the real total and pages, with First and Last page', async () => {
    const user = userEvent.setup();
    const { nav, onPageChange } = renderPagination(1, 12_345, 20, false, { exact: true, onCountExactly: vi.fn() });
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 1–20 of 12,345');
    expect(screen.queryByRole('button', { name: 'Count exactly' })).toBeNull();
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'First page',
      'Previous page',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 618',
      'Next page',
      'Last page',
    ]);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(618);
  });

  test('on the last page of an exact count, Last and Next are disabled and First goes to page 1', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderPagination(618, 12_345, 20, false, { exact: true });
    expect(screen.getByTestId('page-summary')).toHaveTextContent('Showing 12,341–12,345 of 12,345');
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });
});
