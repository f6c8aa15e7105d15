import { useState } from 'react';
import {
  changePasswordFormSchema,
  messages,
  todayIso,
  profileFormSchema,
  type ChangePasswordInput,
  type Profile,
  type ProfileFormInput,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FileUpload } from '../../components/file-upload';
import { Form, useZodForm } from '../../components/form';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PersonFields } from '../../components/person-fields';
import { Spinner } from '../../components/spinner';
import { TextInput } from '../../components/text-input';
import { errorMessage } from '../../lib/api-client';
import { freshRecordOf } from '../../lib/conflict';
import { useFormSubmit } from '../../lib/form-submit';
import { paths } from '../../lib/paths';
import { passwordRuleUnder } from '../../lib/password-error';
import { session, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { checkImageFile, uploadImage } from '../../lib/upload';
import { useChangePassword } from './api/change-password';
import { useProfile } from './api/get-profile';
import { useUpdateProfile, type UpdateProfile } from './api/update-profile';
import { SessionsCard } from './sessions-card';

/** docs/behaviour.md §2 Profile: Personal Information with profile picture upload, and Change Password; then the sessions. */
export function ProfilePage() {
  const s = useSession();
  const profile = useProfile(s?.user.id ?? null);
  if (!s) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Profile" description={s.user.email} />
      {profile.isPending ? (
        <Spinner label="Loading" className="mx-auto mt-12 size-6" />
      ) : profile.isError ? (
        <LoadFailed
          error={profile.error}
          notFound={messages.userNotFound}
          onRetry={() => void profile.refetch()}
          backTo={paths.home}
          backLabel="Go to home"
        />
      ) : (
        <PersonalInformation profile={profile.data} />
      )}
      <ChangePassword />
      <SessionsCard />
    </div>
  );
}

/**
 * The form's values for the profile as loaded, with what it saw (version, balance): the server
 * refuses the save if the account changed since, and applies a coin change as the difference.
 */
function formValues(profile: Profile): ProfileFormInput {
  return {
    updateId: profile.id,
    version: profile.version,
    coinsSeen: profile.totalCoins,
    name: profile.name,
    dob: profile.dob,
    // docs/behaviour.md §5: defaults '0' for height, weight, coins and goal
    height: profile.height ?? 0,
    weight: profile.weight ?? 0,
    profilePic: profile.profilePic,
    gender: profile.gender === 'male' || profile.gender === 'female' ? profile.gender : null,
    totalCoins: profile.totalCoins ?? 0,
    dailyFSGoal: profile.dailyFSGoal ?? 0,
    isActive: profile.isActive,
  };
}

function PersonalInformation({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const form = useZodForm(profileFormSchema, { defaultValues: formValues(profile) });
  const { errors } = form.formState;
  const picture = form.watch('profilePic');

  async function onPicture(file: File) {
    const problem = checkImageFile(file);
    setPictureError(problem ?? undefined);
    if (problem) return;
    setUploading(true);
    try {
      const address = await uploadImage(file, 'profile_Images');
      form.setValue('profilePic', address, { shouldDirty: true });
    } catch {
      toast.error(messages.uploadFailed); // docs/behaviour.md §8, verbatim
    } finally {
      setUploading(false);
    }
  }

  const { onSubmit, formError } = useFormSubmit(
    async (values: UpdateProfile) => {
      const res = await updateProfile.mutateAsync(values);
      session.mergeUser(res.body); // docs/behaviour.md §4: the top bar shows the change at once
      form.reset(formValues(res.body)); // the next save is from this version
      toast.success(res.message ?? messages.profileUpdated);
    },
    (err) => {
      // Changed since the form was loaded: the stored values replace the form's, to review and save again.
      const fresh = freshRecordOf<Profile>(err);
      if (fresh) {
        session.mergeUser(fresh);
        form.reset(formValues(fresh));
      }
      return errorMessage(err);
    },
  );

  return (
    <Card title="Personal Information">
      <Form
        form={form}
        onSubmit={onSubmit}
        formError={formError}
        aria-label="Personal information"
        className="grid gap-5 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <FileUpload
            label="Profile Picture"
            kind="image"
            value={picture}
            onFile={(f) => void onPicture(f)}
            busy={uploading}
            error={pictureError}
          />
        </div>
        <TextInput label="Name" requiredMark error={errors.name?.message} {...form.register('name')} />
        <TextInput
          label="Date of Birth"
          type="date"
          max={todayIso()}
          error={errors.dob?.message}
          {...form.register('dob', { setValueAs: (v: string | null) => (v ? v : null) })}
        />
        <PersonFields form={form} />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={updateProfile.isPending} disabled={uploading}>
            Save
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function ChangePassword() {
  const changePassword = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, { defaultValues: { oldPassword: '', newPassword: '' } });
  const { errors } = form.formState;

  // A failure's message under the form (a session expiry is the query client's); a refused new
  // password under its field.
  const { onSubmit, formError } = useFormSubmit(
    async (values: ChangePasswordInput) => {
      const res = await changePassword.mutateAsync(values);
      const current = session.get();
      // Other sessions end (the password changed); this one continues with the fresh token.
      if (current) session.signIn(current.user, res.body.token);
      form.reset();
      toast.success(res.message ?? messages.passwordChanged);
    },
    passwordRuleUnder(form, 'newPassword'),
  );

  return (
    <Card title="Change Password">
      <Form
        form={form}
        onSubmit={onSubmit}
        formError={formError}
        aria-label="Change password"
        className="grid gap-5 sm:grid-cols-2"
      >
        <TextInput
          label="Old Password"
          type="password"
          autoComplete="current-password"
          requiredMark
          error={errors.oldPassword?.message}
          {...form.register('oldPassword')}
        />
        <TextInput
          label="New Password"
          type="password"
          autoComplete="new-password"
          requiredMark
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={changePassword.isPending}>
            Change Password
          </Button>
        </div>
      </Form>
    </Card>
  );
}
