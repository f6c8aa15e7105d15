import { loginSchema, messages } from '@strideadmin/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Form, useLazyZodForm } from '../../src/components/form-core';
import { TextInput } from '../../src/components/text-input';
import { Toaster } from '../../src/components/toaster';
import { expectConsole } from '../support/console';

function SignIn({ load, onSubmit }: { load: () => Promise<typeof loginSchema>; onSubmit: () => void }) {
  const form = useLazyZodForm(load, { defaultValues: { email: '', password: '' } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Sign in">
      <TextInput label="Email" error={form.formState.errors.email?.message} {...form.register('email')} />
      <button type="submit">Sign in</button>
    </Form>
  );
}

describe('useLazyZodForm (the schema loads on the first validation)', () => {
  test('validates with the loaded schema: the contract messages, and nothing submitted', async () => {
    const load = vi.fn(() => Promise.resolve(loginSchema));
    const onSubmit = vi.fn();
    render(<SignIn load={load} onSubmit={onSubmit} />);
    expect(load).not.toHaveBeenCalled(); // not with the screen

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('rules that cannot be loaded: the chunk message as a toast, no submit, and a retry next time', async () => {
    let failures = 2; // loadChunk tries twice
    const load = vi.fn(() =>
      failures-- > 0 ? Promise.reject(new TypeError('network')) : Promise.resolve(loginSchema),
    );
    const onSubmit = vi.fn();
    expectConsole('error', 'chunk load failed');
    render(
      <>
        <SignIn load={load} onSubmit={onSubmit} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.chunkLoadFailed)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
