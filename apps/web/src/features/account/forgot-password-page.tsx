import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema, messages, type ForgotPasswordInput } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Form, useZodForm } from '../../components/form';
import { TextInput } from '../../components/text-input';
import { useFormSubmit } from '../../lib/form-submit';
import { paths } from '../../lib/paths';
import { AccountLayout, SuccessNotice, cardClass, linkClass } from './account-layout';
import { useForgotPassword } from './api/forgot-password';

/** /forgot-password (docs/behaviour.md §2, §4, §5): one email field; success swaps the prompt for a green notice. */
export function ForgotPasswordPage() {
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const forgotMutation = useForgotPassword();
  const [notice, setNotice] = useState<string | null>(null);
  const { errors } = form.formState;

  const { onSubmit, formError } = useFormSubmit(async (values: ForgotPasswordInput) => {
    setNotice(null);
    const res = await forgotMutation.mutateAsync(values);
    setNotice(res.message || messages.forgotPasswordSent);
    form.reset({ email: '' });
  });

  return (
    <AccountLayout title="Forgot password">
      <Form form={form} onSubmit={onSubmit} formError={formError} aria-label="Forgot password" className={cardClass}>
        {notice ? (
          <SuccessNotice>{notice}</SuccessNotice>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the email address of your account and we will send you a link to reset your password.
          </p>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          requiredMark
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" className="w-full" loading={forgotMutation.isPending}>
          Send reset link
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.login} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </Form>
    </AccountLayout>
  );
}
