import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { MultiSearchSelect, type SearchSelectItem } from '../../src/components/multi-search-select';
import { createQueryClient } from '../../src/lib/query-client';
import { setupFakeTimedUser } from '../support/user';

const people: SearchSelectItem[] = [
  { id: 1, label: 'Grace Hopper', description: 'grace@example.com' },
  { id: 2, label: 'Alan Turing', description: 'alan@example.com' },
  { id: 3, label: 'Ada Lovelace', description: 'ada@example.com' },
  { id: 4, label: 'Grace Kelly', description: 'kelly@example.com' },
];

/**
 * The select with its own state, against a search over `people` that answers after `delayMs`
 * (fake time). Every search text is recorded.
 */
function setup(opts: { max?: number; initial?: SearchSelectItem[]; delayMs?: number } = {}) {
  const { user } = setupFakeTimedUser();
  /**
   * Lets `ms` of (fake) time pass in 10 ms steps, rendering after each, so a chain of timers
   * (debounce, then the search it starts, then its answer) runs as it would in real time.
   */
  const wait = async (ms: number) => {
    for (let t = 0; t < ms; t += 10) await act(() => vi.advanceTimersByTimeAsync(10));
  };
  const searched: string[] = [];
  const search = vi.fn(
    (text: string) =>
      new Promise<SearchSelectItem[]>((resolve) => {
        searched.push(text);
        setTimeout(
          () => resolve(people.filter((p) => p.label.toLowerCase().includes(text.toLowerCase()))),
          opts.delayMs ?? 100,
        );
      }),
  );
  const changes: number[][] = [];
  function Harness() {
    const [value, setValue] = useState<SearchSelectItem[]>(opts.initial ?? []);
    return (
      <MultiSearchSelect
        label="Users"
        value={value}
        onChange={(items) => {
          changes.push(items.map((i) => i.id));
          setValue(items);
        }}
        search={search}
        queryKey={['test-user-search']}
        max={opts.max}
        fullText="No more, please."
        noResultsText="No users found"
        chosenLabel="Chosen users"
        hint="Type a name."
      />
    );
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Users' });
  const options = () =>
    within(screen.getByRole('listbox', { name: 'Users' }))
      .queryAllByRole('option')
      .map((o) => o.textContent);
  const chips = () =>
    within(screen.queryByRole('list', { name: 'Chosen users' }) ?? document.createElement('ul'))
      .queryAllByRole('listitem')
      .map((c) => c.textContent);
  return { user, wait, input, searched, changes, options, chips };
}

describe('MultiSearchSelect (the searchable user select of /add-notification)', () => {
  test('searches once typing pauses (250 ms), with a spinner while it runs, then lists the matches', async () => {
    const { user, wait, input, searched, options } = setup({ delayMs: 300 });
    expect(input).toHaveAttribute('aria-expanded', 'false');

    input.focus();
    await user.type(input, 'gra', { skipClick: true });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await wait(200);
    expect(searched).toEqual([]); // still typing as far as the select knows
    expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
    await wait(60);
    expect(searched).toEqual(['gra']);
    expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
    await wait(300);
    expect(screen.queryByRole('status', { name: 'Searching' })).toBeNull();
    expect(options()).toEqual(['Grace Hoppergrace@example.com', 'Grace Kellykelly@example.com']);
    expect(screen.getByText('2 results')).toBeInTheDocument();
  });

  test('says "No users found" when nothing matches', async () => {
    const { user, wait, input } = setup();
    await user.type(input, 'zzz');
    await wait(400);
    expect(within(screen.getByRole('listbox').parentElement!).getByText('No users found')).toBeInTheDocument();
  });

  test('opens on click with the first users (empty text); a click chooses one, shown as a chip', async () => {
    const { user, wait, input, searched, options, chips, changes } = setup();
    await user.click(input);
    await wait(150);
    expect(searched).toEqual(['']);
    expect(options()).toHaveLength(4);
    await user.click(screen.getByRole('option', { name: /Alan Turing/ }));
    expect(changes).toEqual([[2]]);
    expect(chips()).toEqual(['Alan Turing']);
    // The list closes (it would hide the rest of the form); the focus stays, ready for the next name.
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Alan Turing/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: /Grace Hopper/ })).toHaveAttribute('aria-selected', 'false');
  });

  test('keyboard: arrows move through the matches, Enter chooses (and un-chooses), Escape closes then clears', async () => {
    const { user, wait, input, chips, changes } = setup();
    input.focus();
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await wait(150);
    const list = () => screen.getByRole('listbox', { name: 'Users' });
    // The combobox pattern: the field keeps the focus and points at the active option.
    const active = () => {
      const id = input.getAttribute('aria-activedescendant');
      const styled = Array.from(list().querySelectorAll('[data-focus]'));
      expect(styled.map((o) => o.id)).toEqual(id ? [id] : []);
      return id ? document.getElementById(id)!.textContent : null;
    };
    expect(active()).toBe('Grace Hoppergrace@example.com');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Ada Lovelaceada@example.com');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Alan Turingalan@example.com');
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Alan Turing']);
    expect(input).toHaveAttribute('aria-expanded', 'false');

    // Typing opens the list again.
    await user.type(input, 'ada');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await wait(400);
    expect(active()).toBe('Ada Lovelaceada@example.com');
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Alan Turing', 'Ada Lovelace']);
    expect(input).toHaveValue('');

    // Back to every user; Enter on a chosen one un-chooses it.
    await wait(400);
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Grace Hoppergrace@example.com');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Ada Lovelace/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Alan Turing']);
    expect(changes).toEqual([[2], [2, 3], [2]]);

    await user.type(input, 'tur');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveValue('tur');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  test('a chip is removed with its button, or the last one with Backspace in the empty field', async () => {
    const { user, input, chips, changes } = setup({ initial: [people[0]!, people[1]!, people[2]!] });
    expect(chips()).toEqual(['Grace Hopper', 'Alan Turing', 'Ada Lovelace']);

    await user.click(screen.getByRole('button', { name: 'Remove Alan Turing' }));
    expect(chips()).toEqual(['Grace Hopper', 'Ada Lovelace']);
    expect(input).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(chips()).toEqual(['Grace Hopper']);
    await user.type(input, 'x{Backspace}');
    expect(chips()).toEqual(['Grace Hopper']); // the Backspace took the typed letter, not a chip
    expect(changes).toEqual([[1, 3], [1]]);
  });

  test('at most `max`: the other matches are disabled and the limit is said', async () => {
    const { user, wait, input, chips } = setup({ max: 2, initial: [people[0]!, people[1]!] });
    expect(screen.getByText('No more, please.')).toBeInTheDocument();
    expect(screen.queryByText('Type a name.')).toBeNull();
    await user.click(input);
    await wait(150);
    expect(screen.getByRole('option', { name: /Ada Lovelace/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: /Ada Lovelace/ }));
    expect(chips()).toEqual(['Grace Hopper', 'Alan Turing']);
    // A chosen one can still be taken out.
    expect(screen.getByRole('option', { name: /Grace Hopper/ })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('option', { name: /Grace Hopper/ }));
    expect(chips()).toEqual(['Alan Turing']);
    expect(screen.getByText('Type a name.')).toBeInTheDocument();
  });
});
