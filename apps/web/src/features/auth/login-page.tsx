import { useState } from 'react';
import { coreMessages, isPortalRole, limits, type LoginInput } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { TextInput } from '../../components/text-input';
import { ThemeToggle } from '../../components/theme-toggle';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/form-submit';
import { PageLink } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import { session } from '../../lib/session';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { login } from './api/login';
import { useSignInForm } from './sign-in-form';

const loadLoginSchema = () => import('./login-schema').then((m) => m.loginSchema);

/**
 * Kept light for /login's weight: the form's rules (zod) load on its first validation, the form
 * runs without react-hook-form (./sign-in-form: the same behaviour as the other forms), and the
 * call goes without TanStack Query, applying the same error policy (lib/api-errors). Without the
 * router too: login.html runs this screen alone (src/sign-in.tsx), so its links go through
 * lib/navigation, which the router or that page provides; the move after the sign-in is theirs.
 */
export function LoginPage({ onTyping }: { onTyping?: () => void }) {
  const [pending, setPending] = useState(false);

  const { onSubmit, formError } = useFormSubmit(
    async (values: LoginInput) => {
      setPending(true);
      const { body } = await login(values).finally(() => setPending(false));
      // docs/behaviour.md §5: refused on roleName 'User', checked here too so it holds against any server.
      if (!isPortalRole(body.user.roleName)) return coreMessages.onlyAdmin; // under the form
      session.signIn(body.user, body.token); // the signed-out guard then leaves /login
    },
    (err) => {
      // A form submit's failure shows under the form only (docs/behaviour.md §8); no answer at all is logged.
      if (!(err instanceof ApiError)) console.error(err);
      return errorMessage(err);
    },
  );
  const form = useSignInForm(loadLoginSchema, onSubmit);
  const { errors } = form;
  // As every form of the wrapper (components/form-core.tsx): edited and not saved, while no submit runs.
  useUnsavedChanges(form.dirty && !form.submitting);

  return (
    <main className="relative flex min-h-screen items-center justify-center px-4 py-12">
      <ThemeToggle className="absolute top-4 right-4" />
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <img src="/favicon.svg" alt="" className="size-12" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight">Sign in to StrideAdmin</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Administrator portal</p>
        </div>
        <form
          noValidate
          // Sent by the browser only if submitted before the page's script takes the form over (login.html's
          // form is HTML first): as a POST, so the password never lands in an address, a history or a log.
          method="post"
          onSubmit={(e) => void form.onSubmit(e)}
          // The router fetches the signed-in screens' code meanwhile (app/router.tsx).
          onInput={onTyping}
          aria-label="Sign in"
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            requiredMark
            // The attributes the contract's loginSchema implies (its rules load on the first check).
            required
            maxLength={limits.emailMax}
            error={errors.email}
            {...form.register('email')}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="current-password"
            requiredMark
            required
            error={errors.password}
            {...form.register('password')}
          />
          <div className="-mt-2 text-right text-sm">
            <PageLink
              to={paths.forgotPassword}
              // Pressing the link would blur the (auto-focused) email field, whose "required" message
              // then pushes the link down before the button is released, and the click is lost.
              onMouseDown={(e) => e.preventDefault()}
              className="font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-400"
            >
              Forgot password?
            </PageLink>
          </div>
          <Button type="submit" className="w-full" loading={pending}>
            Sign in
          </Button>
          {formError && (
            <p role="alert" data-testid="form-error" className="mt-3 text-sm text-red-600 dark:text-red-400">
              {formError}
            </p>
          )}
        </form>
      </div>
    </main>
  );
}
