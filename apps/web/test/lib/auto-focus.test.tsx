import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

// lib/auto-focus.ts (imported by the setup, as by main.tsx): autoFocus focuses on mount, as in React DOM.
function Opener({ onField }: { onField?: (el: HTMLInputElement | null) => void }) {
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(0);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <button onClick={() => setCount((c) => c + 1)}>Count {count}</button>
      {open && <input aria-label="Search" autoFocus ref={onField} />}
    </>
  );
}

describe('autoFocus', () => {
  it('focuses a field when it appears after the page had the focus, without writing the attribute', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const field = screen.getByRole('textbox', { name: 'Search' });
    expect(field).toHaveFocus();
    expect(field).not.toHaveAttribute('autofocus');
  });

  it('focuses it once: a later render does not take the focus back; the own ref still gets the element', async () => {
    const user = userEvent.setup();
    const seen: (HTMLInputElement | null)[] = [];
    render(<Opener onField={(el) => seen.push(el)} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Count 0' }));
    expect(screen.getByRole('button', { name: 'Count 1' })).toHaveFocus();
    expect(seen[0]).toBe(screen.getByRole('textbox', { name: 'Search' }));
  });
});
