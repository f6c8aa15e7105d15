import { messages } from '@strideadmin/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { Form, useZodForm } from '../../src/components/form';
import { TextInput } from '../../src/components/text-input';
import { UnsavedChangesDialog } from '../../src/components/unsaved-changes-dialog';
import { useFormSubmit } from '../../src/lib/form-submit';

const schema = z.object({ name: z.string().min(1) });

/** A form of the wrapper whose save navigates on success (as the app's forms do), or fails. */
function EditPage({ fail }: { fail: boolean }) {
  const navigate = useNavigate();
  const form = useZodForm(schema, { defaultValues: { name: 'Ada' } });
  const { onSubmit, formError } = useFormSubmit(async () => {
    await new Promise((r) => setTimeout(r, 10));
    if (fail) throw new Error('refused');
    void navigate('/saved');
  });
  return (
    <Form form={form} onSubmit={onSubmit} formError={formError} aria-label="Edit">
      <TextInput label="Name" {...form.register('name')} />
      <button type="submit">Save</button>
      <Link to="/other">Other</Link>
    </Form>
  );
}

function setup({ fail = false } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <UnsavedChangesDialog />
          </>
        ),
        children: [
          { path: '/start', element: <p>Start</p> },
          { path: '/edit', element: <EditPage fail={fail} /> },
          { path: '/other', element: <p>Other screen</p> },
          { path: '/saved', element: <p>Saved screen</p> },
        ],
      },
    ],
    { initialEntries: ['/start', '/edit'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const name = () => screen.getByRole('textbox', { name: 'Name' });
  const beforeUnloadPrevented = () => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  };
  return { router, user, name, beforeUnloadPrevented, path: () => router.state.location.pathname };
}

const ask = () => screen.findByRole('dialog', { name: messages.unsavedChangesTitle });

describe('unsaved changes (every form of the wrapper)', () => {
  test('an untouched form leaves without asking', async () => {
    const { user, path, beforeUnloadPrevented } = setup();
    expect(beforeUnloadPrevented()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Other' }));
    await screen.findByText('Other screen');
    expect(path()).toBe('/other');
  });

  test('an edited form asks before a link: Stay keeps the edits, Leave goes', async () => {
    const { user, name, path, beforeUnloadPrevented } = setup();
    await user.clear(name());
    await user.type(name(), 'Bea');
    await waitFor(() => expect(beforeUnloadPrevented()).toBe(true)); // reload and close ask too

    await user.click(screen.getByRole('link', { name: 'Other' }));
    const dialog = await ask();
    expect(dialog).toHaveTextContent(messages.unsavedChanges);
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(path()).toBe('/edit');
    expect(name()).toHaveValue('Bea');

    await user.click(screen.getByRole('link', { name: 'Other' }));
    await user.click(within(await ask()).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Other screen');
    expect(beforeUnloadPrevented()).toBe(false); // the form is gone: nothing left to lose
  });

  test('Back asks too', async () => {
    const { user, name, router, path } = setup();
    await user.type(name(), 'x');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Adax'));
    void router.navigate(-1);
    await user.click(within(await ask()).getByRole('button', { name: 'Stay' }));
    expect(path()).toBe('/edit');
    void router.navigate(-1);
    await user.click(within(await ask()).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Start');
  });

  test('an edit undone by hand is no longer unsaved', async () => {
    const { user, name, path } = setup();
    await user.type(name(), 'x');
    await user.type(name(), '{Backspace}');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    await screen.findByText('Other screen');
    expect(path()).toBe('/other');
  });

  test('a successful save navigates without asking', async () => {
    const { user, name, path } = setup();
    await user.type(name(), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved screen');
    expect(path()).toBe('/saved');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a failed save keeps the edits guarded', async () => {
    const { user, name } = setup({ fail: true });
    await user.type(name(), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('form-error');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(await ask()).toBeVisible();
  });
});
