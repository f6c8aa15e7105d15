import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, test } from 'vitest';
import { TextInput } from '../../src/components/text-input';

describe('TextInput (docs/behaviour.md §2 shared widgets)', () => {
  test('is labelled, and takes what the user types', async () => {
    render(<TextInput label="Store Name" />);
    const input = screen.getByRole('textbox', { name: 'Store Name' });
    await userEvent.setup().type(input, 'Corner shop');
    expect(input).toHaveValue('Corner shop');
  });

  test('shows the required asterisk when requiredMark is set, without adding it to the name', () => {
    render(<TextInput label="Email" requiredMark />);
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('textbox')).toHaveAccessibleName('Email');
  });

  test('shows no asterisk without requiredMark', () => {
    render(<TextInput label="Email" />);
    expect(screen.queryByText('*')).not.toBeInTheDocument();
  });

  test('shows the error text, linked to the input through aria-describedby, and marks it invalid', () => {
    render(<TextInput label="Email" error="Please enter valid email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });

    const error = screen.getByText('Please enter valid email');
    expect(input).toHaveAttribute('aria-describedby', error.id);
    expect(input).toHaveAccessibleDescription('Please enter valid email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  test('without an error it is neither invalid nor described', () => {
    render(<TextInput label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  test('two inputs get distinct ids and errors, and a given id is kept', () => {
    render(
      <>
        <TextInput label="Name" error="Name is required" />
        <TextInput label="Email" id="email" error="Email is required" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('id', 'email');
    expect(email).toHaveAccessibleDescription('Email is required');
  });

  test('forwards its ref to the input (react-hook-form registers through it)', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextInput label="Amount" ref={ref} />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Amount' }));
  });
});
