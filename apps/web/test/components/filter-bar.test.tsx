import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { yesNoOptions } from '@strideadmin/contract';
import { describe, expect, test, vi } from 'vitest';
import { FilterBar, type FilterField, type FilterValues } from '../../src/components/filter-bar';

type Key = 'serialNumber' | 'isExpired';
// The gift card list's filters (docs/behaviour.md §2): a text filter and a Yes/No select.
const fields: FilterField<Key>[] = [
  { name: 'serialNumber', label: 'Serial Number' },
  { name: 'isExpired', label: 'Expired', type: 'select', options: yesNoOptions },
];

function renderBar(values: FilterValues<Key> = {}) {
  const onApply = vi.fn();
  const onClear = vi.fn();
  const view = render(<FilterBar fields={fields} values={values} onApply={onApply} onClear={onClear} />);
  const rerender = (next: FilterValues<Key>) =>
    view.rerender(<FilterBar fields={fields} values={next} onApply={onApply} onClear={onClear} />);
  return { onApply, onClear, rerender };
}

describe('FilterBar', () => {
  test("applies the trimmed filled-in values only, the select's option value included", async () => {
    const user = userEvent.setup();
    const { onApply } = renderBar();
    await user.type(screen.getByRole('searchbox', { name: 'Serial Number' }), '  SN-1 ');
    await user.click(screen.getByRole('button', { name: /^Expired / }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onApply).toHaveBeenLastCalledWith({ serialNumber: 'SN-1', isExpired: 'false' });

    // 'All' is no filter.
    await user.click(screen.getByRole('button', { name: /^Expired / }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await user.clear(screen.getByRole('searchbox', { name: 'Serial Number' }));
    await user.type(screen.getByRole('searchbox', { name: 'Serial Number' }), '{Enter}');
    expect(onApply).toHaveBeenLastCalledWith({});
  });

  test('shows the applied values, and follows them when they change from outside (Back)', () => {
    const { rerender } = renderBar({ serialNumber: 'SN-1', isExpired: 'true' });
    expect(screen.getByRole('searchbox', { name: 'Serial Number' })).toHaveValue('SN-1');
    expect(screen.getByRole('button', { name: /^Expired / })).toHaveTextContent('Yes');
    rerender({ serialNumber: 'SN-0' });
    expect(screen.getByRole('searchbox', { name: 'Serial Number' })).toHaveValue('SN-0');
    expect(screen.getByRole('button', { name: /^Expired / })).toHaveTextContent('All');
  });

  test('keeps what was typed after Search while the URL catches up with the applied filters', async () => {
    const user = userEvent.setup();
    const { onApply, rerender } = renderBar();
    const serial = screen.getByRole('searchbox', { name: 'Serial Number' });
    await user.type(serial, 'SN-1{Enter}');
    expect(onApply).toHaveBeenLastCalledWith({ serialNumber: 'SN-1' });
    // The user edits again before the navigation renders (React Router renders it in a transition).
    await user.clear(serial);
    await user.type(serial, 'SN-2');
    rerender({ serialNumber: 'SN-1' }); // the URL now holds what was asked for
    expect(serial).toHaveValue('SN-2');

    // A change from outside (Back) still replaces the draft.
    rerender({});
    expect(serial).toHaveValue('');
  });

  test('Clear filters is disabled with nothing to clear; it clears a draft without a call', async () => {
    const user = userEvent.setup();
    const { onClear, rerender } = renderBar();
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear).toBeDisabled();
    await user.type(screen.getByRole('searchbox', { name: 'Serial Number' }), 'draft');
    await user.click(clear);
    expect(screen.getByRole('searchbox', { name: 'Serial Number' })).toHaveValue('');
    expect(onClear).not.toHaveBeenCalled();

    rerender({ serialNumber: 'SN-1' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
