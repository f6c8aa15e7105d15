import { useNavigate } from 'react-router';
import { createUserFormSchema, messages, roleOptions, trackingOptions, type CreateUser } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Form, useZodForm } from '../../components/form';
import { SelectField } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { PersonFields } from '../../components/person-fields';
import { TextInput } from '../../components/text-input';
import { useFormSubmit } from '../../lib/form-submit';
import { hrefs, paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCreateUser } from './api/create-user';

/** docs/behaviour.md §2/§5 Add User: a new user, who sets their own password from the invitation. */
export function AddUserPage() {
  const navigate = useNavigate();
  const createUser = useCreateUser();
  const form = useZodForm(createUserFormSchema, {
    defaultValues: {
      name: '',
      email: '',
      height: 0,
      weight: 0,
      gender: null,
      totalCoins: 0,
      dailyFSGoal: 0,
      role: 'User',
      isTracking: false, // docs/behaviour.md §3: Disabled by default
    },
  });
  const { errors } = form.formState;

  const { onSubmit, formError } = useFormSubmit(async (values: CreateUser) => {
    const res = await createUser.mutateAsync(values);
    toast.success(res.message ?? messages.userCreated);
    void navigate(hrefs.withId(paths.userDetails, res.body.id));
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Add User" description="The new user receives an e-mail to set their password." />
      <Card>
        <Form
          form={form}
          onSubmit={onSubmit}
          formError={formError}
          aria-label="Add user"
          className="grid gap-5 sm:grid-cols-2"
        >
          <TextInput
            label="Name"
            requiredMark
            autoComplete="off"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label="Email"
            type="email"
            requiredMark
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PersonFields form={form} />
          <SelectField control={form.control} name="role" label="Role" options={roleOptions} requiredMark />
          <SelectField control={form.control} name="isTracking" label="Tracking" options={trackingOptions} />
          <div className="flex justify-end gap-3 sm:col-span-2">
            <Button variant="secondary" onClick={() => void navigate(paths.userList)}>
              Cancel
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              Add User
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
