import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages, resetPasswordFormSchema } from '@strideadmin/contract';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Form, useZodForm } from '../../components/form';
import { TextInput } from '../../components/text-input';
import { useFormSubmit } from '../../lib/form-submit';
import { passwordRuleUnder } from '../../lib/password-error';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { AccountLayout, cardClass, linkClass } from './account-layout';
import { useResetPassword } from './api/reset-password';

type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

/**
 * /reset-password?token (docs/behaviour.md §2, §4, §5): new password and confirmation. The route's guard sends
 * a visit without a token to /login; success goes to /login with the server's message as a toast.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { password: '', confirmPassword: '' } });
  const resetMutation = useResetPassword();
  const { errors } = form.formState;

  // A failure's message under the form, or under the password when it is the password that was refused.
  const { onSubmit, formError } = useFormSubmit(
    async (values: ResetPasswordFormValues) => {
      const res = await resetMutation.mutateAsync({ password: values.password, temp_code: token });
      toast.success(res.message || messages.resetPasswordDone);
      void navigate(paths.login, { replace: true });
    },
    passwordRuleUnder(form, 'password'),
  );

  return (
    <AccountLayout title="Reset password" subtitle="Choose a new password for your account">
      <Form form={form} onSubmit={onSubmit} formError={formError} aria-label="Reset password" className={cardClass}>
        <TextInput
          label="New Password"
          type="password"
          autoComplete="new-password"
          autoFocus
          requiredMark
          error={errors.password?.message}
          {...form.register('password', {
            // A changed password re-checks a confirmation already typed.
            onChange: () => {
              if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
            },
          })}
        />
        <TextInput
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          requiredMark
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="w-full" loading={resetMutation.isPending}>
          Reset password
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
