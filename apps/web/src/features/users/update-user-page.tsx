import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  messages,
  resetUserPasswordFormSchema,
  type RoleName,
  roleOptions,
  statusOptions,
  todayIso,
  trackingOptions,
  updateUserSchema,
  type UpdateUserInput,
  type UserDetail,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { Form, useZodForm } from '../../components/form';
import { SelectField } from '../../components/form-fields';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { PersonFields } from '../../components/person-fields';
import { TextInput } from '../../components/text-input';
import { errorMessage } from '../../lib/api-client';
import { freshRecordOf } from '../../lib/conflict';
import { useFormSubmit } from '../../lib/form-submit';
import { useIdParam } from '../../lib/id-param';
import { passwordRuleUnder } from '../../lib/password-error';
import { hrefs, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useUser } from './api/get-user';
import { useUpdateUser, type UpdateUser } from './api/update-user';
import { useUpdateUserPassword } from './api/update-user-password';

/** Where a record that cannot be loaded sends the user back to. */
const backToList = { backTo: paths.userList, backLabel: 'Go to users' };

/**
 * docs/behaviour.md §2 Update User: an edit form plus a Reset User Password form. Not for one's own account: the
 * server refuses it (the password would change without the current one); Profile asks for it.
 */
export function UpdateUserPage() {
  const id = useIdParam();
  const user = useUser(id);
  const myId = useSession()?.user.id;
  if (id === null) return <LoadFailed notFound={messages.userNotFound} {...backToList} />;
  if (user.isPending) return <Spinner label="Loading" className="mx-auto mt-24 size-6" />;
  if (user.isError)
    return (
      <LoadFailed
        error={user.error}
        notFound={messages.userNotFound}
        onRetry={() => void user.refetch()}
        {...backToList}
      />
    );
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Update User" description={user.data.email} />
      <EditUserForm user={user.data} />
      {user.data.id === myId ? (
        <OwnPasswordHint />
      ) : (
        <ResetPasswordForm userId={user.data.id} role={user.data.Role.name} />
      )}
    </div>
  );
}

/**
 * The form's values for a user as loaded, with what it saw (version, balance): the server refuses
 * the save if the user changed since, and applies a coin change as the difference made here.
 */
function formValues(user: UserDetail): UpdateUserInput {
  return {
    updateId: user.id,
    version: user.version,
    coinsSeen: user.totalCoins,
    name: user.name,
    dob: user.dob,
    height: user.height ?? 0,
    weight: user.weight ?? 0,
    gender: user.gender === 'male' || user.gender === 'female' ? user.gender : null,
    totalCoins: user.totalCoins,
    dailyFSGoal: user.dailyFSGoal,
    isActive: user.isActive,
    isTracking: user.isTracking,
    role: user.Role.name,
  };
}

function EditUserForm({ user }: { user: UserDetail }) {
  const navigate = useNavigate();
  const updateUser = useUpdateUser();
  const form = useZodForm(updateUserSchema, { defaultValues: formValues(user) });
  const { errors } = form.formState;

  const { onSubmit, formError } = useFormSubmit(
    async (values: UpdateUser) => {
      const res = await updateUser.mutateAsync(values);
      toast.success(res.message ?? messages.userUpdated);
      void navigate(hrefs.withId(paths.userDetails, user.id)); // docs/behaviour.md §4
    },
    (err) => {
      // Changed since the form was loaded: the stored values replace the form's, to review and save again.
      const fresh = freshRecordOf<UserDetail>(err);
      if (fresh) form.reset(formValues(fresh));
      return errorMessage(err);
    },
  );

  return (
    <Card title="User Information">
      <Form
        form={form}
        onSubmit={onSubmit}
        formError={formError}
        aria-label="Update user"
        className="grid gap-5 sm:grid-cols-2"
      >
        <TextInput label="Name" requiredMark error={errors.name?.message} {...form.register('name')} />
        <TextInput
          label="Date of Birth"
          type="date"
          max={todayIso()}
          error={errors.dob?.message}
          {...form.register('dob', { setValueAs: (v: string | null) => (v ? v : null) })}
        />
        <PersonFields form={form} />
        <SelectField control={form.control} name="role" label="Role" options={roleOptions} />
        <SelectField control={form.control} name="isActive" label="Status" options={statusOptions} />
        <SelectField control={form.control} name="isTracking" label="Tracking" options={trackingOptions} />
        <div className="flex justify-end gap-3 sm:col-span-2">
          <Button variant="secondary" onClick={() => void navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" loading={updateUser.isPending}>
            Save Changes
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function OwnPasswordHint() {
  return (
    <Card title="Reset User Password">
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="own-password-hint">
        {messages.ownPasswordUseProfile}
      </p>
      <div className="mt-4 flex justify-end">
        <ButtonLink to={paths.profile} variant="secondary">
          Go to Profile
        </ButtonLink>
      </div>
    </Card>
  );
}

function ResetPasswordForm({ userId, role }: { userId: number; role: RoleName }) {
  const navigate = useNavigate();
  const updatePassword = useUpdateUserPassword();
  // The rule of the user's role (an administrator's password is longer), shown before sending.
  const schema = useMemo(() => resetUserPasswordFormSchema(role), [role]);
  const form = useZodForm(schema, { defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const { onSubmit, formError } = useFormSubmit(
    async (values: { password: string }) => {
      const res = await updatePassword.mutateAsync({ updateId: userId, password: values.password });
      toast.success(res.message ?? messages.userPasswordUpdated);
      void navigate(hrefs.withId(paths.userDetails, userId)); // docs/behaviour.md §4
    },
    passwordRuleUnder(form, 'password'),
  );

  return (
    <Card title="Reset User Password">
      <Form
        form={form}
        onSubmit={onSubmit}
        formError={formError}
        aria-label="Reset user password"
        className="grid gap-5 sm:grid-cols-2"
      >
        <TextInput
          label="New Password"
          type="password"
          autoComplete="new-password"
          requiredMark
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextInput
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          requiredMark
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={updatePassword.isPending}>
            Reset Password
          </Button>
        </div>
      </Form>
    </Card>
  );
}
