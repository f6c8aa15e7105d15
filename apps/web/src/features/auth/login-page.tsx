import { useState } from 'react';
import { Link } from 'react-router';
import { coreMessages, isPortalRole, type LoginInput } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Form, useLazyZodForm } from '../../components/form-core';
import { TextInput } from '../../components/text-input';
import { errorMessage } from '../../lib/api-client';
import { handleApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/form-submit';
import { paths } from '../../lib/paths';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { login } from './api/login';

const loadLoginSchema = () => import('./login-schema').then((m) => m.loginSchema);

/**
 * Kept light for /login's weight: the form's rules (zod) load on its first validation,
 * and the call goes without TanStack Query, applying the same error policy (lib/api-errors).
 */
export function LoginPage() {
  const form = useLazyZodForm(loadLoginSchema, { defaultValues: { email: '', password: '' } });
  const [pending, setPending] = useState(false);
  const { errors } = form.formState;

  const { onSubmit, formError } = useFormSubmit(
    async (values: LoginInput) => {
      setPending(true);
      const { body } = await login(values).finally(() => setPending(false));
      // docs/behaviour.md §5: refused on roleName 'User', checked here too so it holds against any server.
      if (!isPortalRole(body.user.roleName)) {
        toast.error(coreMessages.onlyAdmin);
        return coreMessages.onlyAdmin; // under the form too
      }
      session.signIn(body.user, body.token); // the signed-out guard then leaves /login
    },
    (err) => {
      // No query client here to apply the error policy: the toast is this form's own.
      handleApiError(err);
      return errorMessage(err);
    },
  );

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <img src="/favicon.svg" alt="" className="size-12" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight">Sign in to StrideAdmin</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Administrator portal</p>
        </div>
        <Form
          form={form}
          onSubmit={onSubmit}
          formError={formError}
          aria-label="Sign in"
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            requiredMark
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="current-password"
            requiredMark
            error={errors.password?.message}
            {...form.register('password')}
          />
          <div className="-mt-2 text-right text-sm">
            <Link
              to={paths.forgotPassword}
              // Pressing the link would blur the (auto-focused) email field, whose "required" message
              // then pushes the link down before the button is released, and the click is lost.
              onMouseDown={(e) => e.preventDefault()}
              className="font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-400"
            >
              Forgot password?
            </Link>
          </div>
          <Button type="submit" className="w-full" loading={pending}>
            Sign in
          </Button>
        </Form>
      </div>
    </main>
  );
}
