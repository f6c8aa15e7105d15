import { trackingOptions, type DropdownOption } from '@strideadmin/contract';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { Select, type SelectProps } from '../../src/components/select';
import { activeItemText, setupFakeTimedUser } from '../support/user';

const fruits: DropdownOption[] = [
  { id: 1, label: 'Apple', value: 'apple' },
  { id: 2, label: 'Banana', value: 'banana' },
  { id: 3, label: 'Blueberry', value: 'blueberry' },
  { id: 4, label: 'Cherry', value: 'cherry' },
];

/** A form field holding its value, as a page would use the Select. */
function Field<V extends string | boolean>(
  props: Omit<SelectProps<V>, 'value' | 'onChange'> & { initial?: V; onChange?: (v: V) => void },
) {
  const { initial, onChange, ...rest } = props;
  const [value, setValue] = useState<V | undefined>(initial);
  return (
    <Select
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

function renderSelect(props: Partial<Parameters<typeof Field<string>>[0]> = {}) {
  const onChange = vi.fn<(v: string) => void>();
  render(<Field label="Fruit" options={fruits} onChange={onChange} {...props} />);
  const { user, wait } = setupFakeTimedUser();
  const button = screen.getByRole('button', { name: /^Fruit / });
  return {
    user,
    wait,
    button,
    onChange,
    listbox: () => screen.getByRole('listbox', { name: 'Fruit' }),
    async openWith(keys: string) {
      button.focus();
      await user.keyboard(keys);
      wait(16);
    },
  };
}

describe('Select (docs/behaviour.md §2 shared widgets)', () => {
  test('shows its label and the default placeholder until something is chosen', () => {
    const { button } = renderSelect();
    expect(screen.getByText('Fruit')).toBeInTheDocument();
    expect(button).toHaveTextContent('Select');
    expect(button).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('its name is the label and the value it shows, so the visible text is in the name (Label in Name)', async () => {
    const { button, user, openWith } = renderSelect({ initial: 'apple' });
    expect(button).toHaveAccessibleName('Fruit Apple');
    await openWith('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(button).toHaveAccessibleName('Fruit Banana');
    expect(screen.getByRole('button', { name: 'Fruit Banana' })).toBe(button);
  });

  test('with nothing chosen its name ends with the placeholder it shows', () => {
    const { button } = renderSelect();
    expect(button).toHaveAccessibleName('Fruit Select');
  });

  test('shows a custom placeholder', () => {
    const { button } = renderSelect({ placeholder: 'Pick a fruit' });
    expect(button).toHaveTextContent('Pick a fruit');
  });

  test('shows the selected option and marks it aria-selected when opened on it', async () => {
    const { button, listbox, openWith } = renderSelect({ initial: 'blueberry' });
    expect(button).toHaveTextContent('Blueberry');
    expect(button).not.toHaveTextContent('Select');

    await openWith('{Enter}');

    expect(screen.getByRole('option', { name: 'Blueberry' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('option', { selected: false }).map((o) => o.textContent)).toEqual([
      'Apple',
      'Banana',
      'Cherry',
    ]);
    expect(activeItemText(listbox())).toBe('Blueberry');
    expect(listbox()).toHaveFocus();
  });

  test('shows the error text, linked to the button, and marks it invalid', () => {
    const { button } = renderSelect({ error: 'Gender is required' });
    expect(screen.getByText('Gender is required')).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription('Gender is required');
    expect(button).toHaveAttribute('aria-invalid', 'true');
  });

  test('without an error it is neither invalid nor described', () => {
    const { button } = renderSelect();
    expect(button).not.toHaveAttribute('aria-invalid');
    expect(button).not.toHaveAccessibleDescription();
  });

  test('shows the required asterisk, hidden from the accessible name', () => {
    const { button } = renderSelect({ requiredMark: true });
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(button).toHaveAccessibleName('Fruit Select');
  });

  test('shows a spinner while its options load', () => {
    renderSelect({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  test('ArrowDown opens on the first option when none is chosen; arrows move; Enter chooses', async () => {
    const { user, button, listbox, onChange, openWith } = renderSelect();
    await openWith('{ArrowDown}');
    expect(activeItemText(listbox())).toBe('Apple');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeItemText(listbox())).toBe('Blueberry');
    await user.keyboard('{ArrowUp}');
    expect(activeItemText(listbox())).toBe('Banana');
    await user.keyboard('{Enter}');

    expect(onChange).toHaveBeenCalledExactlyOnceWith('banana');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(button).toHaveTextContent('Banana');
    expect(button).toHaveFocus();
  });

  test('Escape closes without changing the value and gives focus back to the button', async () => {
    const { user, button, onChange, openWith } = renderSelect({ initial: 'apple' });
    await openWith('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('Apple');
    expect(onChange).not.toHaveBeenCalled();
  });

  test('a click on an option chooses it', async () => {
    const { user, button, onChange } = renderSelect();
    await user.click(button);
    await user.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('cherry');
    expect(button).toHaveTextContent('Cherry');
  });

  test('boolean options give their value: Disable is false (docs/behaviour.md §9)', async () => {
    const onChange = vi.fn<(v: boolean) => void>();
    render(<Field label="Tracking" options={trackingOptions} initial={true} onChange={onChange} />);
    const { user, wait } = setupFakeTimedUser();
    const button = screen.getByRole('button', { name: 'Tracking Enable' });
    expect(button).toHaveTextContent('Enable');

    button.focus();
    await user.keyboard('{Enter}');
    wait(16);
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onChange).toHaveBeenCalledExactlyOnceWith(false);
    expect(button).toHaveTextContent('Disable');
  });

  test('a disabled select does not open', async () => {
    const { user, button } = renderSelect({ disabled: true });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  describe('type-ahead (docs/behaviour.md §9)', () => {
    test('a letter typed on the closed select opens it on the first option starting with it', async () => {
      const { listbox, openWith } = renderSelect();
      await openWith('b');
      expect(activeItemText(listbox())).toBe('Banana');
    });

    test('letters within 350 ms accumulate; after 350 ms a new search starts', async () => {
      const { user, wait, listbox, openWith } = renderSelect();
      await openWith('{Enter}');

      await user.keyboard('b');
      expect(activeItemText(listbox())).toBe('Banana');
      wait(349);
      await user.keyboard('l'); // 'bl'
      expect(activeItemText(listbox())).toBe('Blueberry');

      wait(350);
      await user.keyboard('c'); // a fresh 'c'; 'blc' would match nothing
      expect(activeItemText(listbox())).toBe('Cherry');
    });

    test('the typed text clears even when the list was closed in between', async () => {
      const { user, wait, listbox, openWith } = renderSelect();
      await openWith('b');
      expect(activeItemText(listbox())).toBe('Banana');
      await user.keyboard('{Escape}');

      wait(350);
      await openWith('c'); // a stale 'bc' would match nothing and open on Apple
      expect(activeItemText(listbox())).toBe('Cherry');
    });
  });
});
