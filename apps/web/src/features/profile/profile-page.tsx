import { useState } from 'react';
import {
  changePasswordSchema,
  messages,
  todayIso,
  updateProfileSchema,
  type ChangePasswordInput,
  type SessionUser,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FileUpload } from '../../components/file-upload';
import { Form, useZodForm } from '../../components/form';
import { PageHeader } from '../../components/page-header';
import { PersonFields } from '../../components/person-fields';
import { TextInput } from '../../components/text-input';
import { errorMessage } from '../../lib/api-client';
import { session, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { checkImageFile, uploadImage } from '../../lib/upload';
import { useChangePassword } from './api/change-password';
import { useUpdateProfile, type UpdateProfile } from './api/update-profile';
import { SessionsCard } from './sessions-card';

/** spec §2 Profile: Personal Information with profile picture upload, and Change Password; then the sessions. */
export function ProfilePage() {
  const s = useSession();
  if (!s) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Profile" description={s.user.email} />
      <PersonalInformation user={s.user} />
      <ChangePassword />
      <SessionsCard />
    </div>
  );
}

function PersonalInformation({ user }: { user: SessionUser }) {
  const updateProfile = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const form = useZodForm(updateProfileSchema, {
    defaultValues: {
      updateId: user.id,
      name: user.name,
      dob: user.dob,
      // spec §5: defaults '0' for height, weight, coins and goal
      height: user.height ?? 0,
      weight: user.weight ?? 0,
      profilePic: user.profilePic,
      gender: user.gender === 'male' || user.gender === 'female' ? user.gender : null,
      totalCoins: user.totalCoins ?? 0,
      dailyFSGoal: user.dailyFSGoal ?? 0,
      isActive: user.isActive,
    },
  });
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
      toast.error(messages.uploadFailed); // spec §8, verbatim
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(values: UpdateProfile) {
    setFormError(null);
    try {
      const res = await updateProfile.mutateAsync(values);
      session.mergeUser(res.body); // spec §4: the top bar shows the change at once
      toast.success(res.message ?? messages.profileUpdated);
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(changePasswordSchema, { defaultValues: { oldPassword: '', newPassword: '' } });
  const { errors } = form.formState;

  async function onSubmit(values: ChangePasswordInput) {
    setFormError(null);
    try {
      const res = await changePassword.mutateAsync(values);
      const current = session.get();
      // Other sessions end (the password changed); this one continues with the fresh token.
      if (current) session.signIn(current.user, res.body.token);
      form.reset();
      toast.success(res.message ?? messages.passwordChanged);
    } catch (err) {
      // spec §8: the error's message under the form (a session expiry is the query client's).
      setFormError(errorMessage(err));
    }
  }

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
