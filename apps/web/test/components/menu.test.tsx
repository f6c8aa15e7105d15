import { render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { Menu } from '../../src/components/menu';
import { activeItemText, setupFakeTimedUser } from '../support/user';

const labels = ['Profile', 'Preferences', 'Logout', 'Help'];

function renderMenu() {
  const chosen: string[] = [];
  const items = labels.map((label) => ({ label, onSelect: vi.fn(() => void chosen.push(label)) }));
  render(<Menu label="Account menu" button={<span>Ada</span>} items={items} />);
  const { user, wait } = setupFakeTimedUser();
  const button = screen.getByRole('button', { name: 'Ada Account menu' });
  return {
    user,
    wait,
    button,
    chosen,
    menu: () => screen.getByRole('menu', { name: 'Account menu' }),
    /** Focus on the button, press `keys`, let the list take focus (one animation frame). */
    async openWith(keys: string) {
      button.focus();
      await user.keyboard(keys);
      wait(16);
    },
  };
}

describe('Menu', () => {
  test("the button's name starts with what it shows, then the menu's label", () => {
    renderMenu();
    // Speech input reaches a control by its visible text: that text is part of its name.
    expect(screen.getByRole('button')).toHaveAccessibleName('Ada Account menu');
    expect(screen.getByText('Account menu')).toHaveClass('sr-only');
  });

  test('is closed until asked; the button says it has a menu', () => {
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test.each(['{Enter}', '{ArrowDown}', ' '])('%s on the button opens it on the first item, focused', async (key) => {
    const { button, menu, openWith } = renderMenu();
    await openWith(key);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(labels);
    expect(menu()).toHaveFocus();
    expect(activeItemText(menu())).toBe('Profile');
  });

  test('ArrowUp on the button opens it on the last item', async () => {
    const { menu, openWith } = renderMenu();
    await openWith('{ArrowUp}');
    expect(activeItemText(menu())).toBe('Help');
  });

  test('arrows move the active item and stop at the ends; Home and End jump', async () => {
    const { user, menu, openWith } = renderMenu();
    await openWith('{Enter}');

    await user.keyboard('{ArrowDown}');
    expect(activeItemText(menu())).toBe('Preferences');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeItemText(menu())).toBe('Help');
    await user.keyboard('{ArrowUp}');
    expect(activeItemText(menu())).toBe('Logout');
    await user.keyboard('{Home}');
    expect(activeItemText(menu())).toBe('Profile');
    await user.keyboard('{ArrowUp}');
    expect(activeItemText(menu())).toBe('Profile');
    await user.keyboard('{End}');
    expect(activeItemText(menu())).toBe('Help');
  });

  test('Enter chooses the active item, closes the menu and gives focus back to the button', async () => {
    const { user, button, chosen, openWith } = renderMenu();
    await openWith('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(chosen).toEqual(['Logout']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes without choosing and gives focus back to the button', async () => {
    const { user, button, chosen, openWith } = renderMenu();
    await openWith('{Enter}');
    await user.keyboard('{ArrowDown}{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(chosen).toEqual([]);
  });

  test('a click on an item chooses it; a click outside closes the menu', async () => {
    const { user, button, chosen } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Help' }));
    expect(chosen).toEqual(['Help']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(chosen).toEqual(['Help']);
  });

  describe('type-ahead (docs/behaviour.md §9: the typed text clears after 350 ms)', () => {
    test('a letter jumps to the first item starting with it; the same letter again to the next one', async () => {
      const { user, wait, menu, openWith } = renderMenu();
      await openWith('{Enter}');

      await user.keyboard('l');
      expect(activeItemText(menu())).toBe('Logout');
      wait(350);
      await user.keyboard('p');
      expect(activeItemText(menu())).toBe('Profile');
      wait(350);
      await user.keyboard('p');
      expect(activeItemText(menu())).toBe('Preferences');
      wait(350);
      await user.keyboard('H');
      expect(activeItemText(menu())).toBe('Help');
    });

    test('a letter typed on the closed button opens the menu on the matching item', async () => {
      const { menu, openWith } = renderMenu();
      await openWith('h');
      expect(activeItemText(menu())).toBe('Help');
    });

    test('letters typed within 350 ms of each other make one search', async () => {
      const { user, wait, menu, openWith } = renderMenu();
      await openWith('{ArrowUp}');

      await user.keyboard('p'); // from the last item, the search wraps round to Profile
      expect(activeItemText(menu())).toBe('Profile');
      wait(349);
      // 'pre' is Preferences; had the 'p' been forgotten, 'r' and 'e' would match nothing.
      await user.keyboard('re');
      expect(activeItemText(menu())).toBe('Preferences');
    });

    test('350 ms after the last letter the typed text is cleared', async () => {
      const { user, wait, menu, openWith } = renderMenu();
      await openWith('{Enter}');

      await user.keyboard('p');
      wait(350);
      // A fresh 'l' is Logout; a remembered 'p' would make 'pl', which matches nothing.
      await user.keyboard('l');
      expect(activeItemText(menu())).toBe('Logout');
    });

    test('the typed text clears even when the menu was closed in between', async () => {
      const { user, wait, button, menu, openWith } = renderMenu();
      await openWith('{Enter}');
      await user.keyboard('p{Escape}');
      expect(button).toHaveFocus();

      wait(350);
      await openWith('l');
      expect(activeItemText(menu())).toBe('Logout');
    });

    test('... and when the menu was closed by choosing an item', async () => {
      const { user, wait, chosen, menu, openWith } = renderMenu();
      await openWith('p');
      await user.keyboard('{Enter}');
      expect(chosen).toEqual(['Profile']);

      wait(350);
      await openWith('l');
      expect(activeItemText(menu())).toBe('Logout');
    });
  });
});
