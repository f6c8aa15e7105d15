import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  audienceOptions,
  createNotificationSchema,
  languageOptions,
  limits,
  messages,
  type CreateNotification,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Form, useZodForm } from '../../components/form';
import { SelectField } from '../../components/form-fields';
import { MultiSearchSelect, type SearchSelectItem } from '../../components/multi-search-select';
import { PageHeader } from '../../components/page-header';
import { TextArea } from '../../components/text-area';
import { TextInput } from '../../components/text-input';
import { useFormSubmit } from '../../lib/form-submit';
import { instantFromDateTimeLocal, toDateTimeLocal } from '../../lib/date-time-input';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCreateNotification } from './api/create-notification';
import { notificationKeys } from './api/keys';
import { searchUsers } from './api/search-users';

/**
 * /add-notification (docs/behaviour.md §10, §11): title, message, language, audience (all users, active
 * users, or users chosen with a searchable select) and an optional send time (empty: now). Every
 * rule and message is the contract's createNotificationSchema, the one the server runs.
 */
export function AddNotificationPage() {
  const navigate = useNavigate();
  const createNotification = useCreateNotification();
  // The chosen users with their names (the form itself holds only their ids).
  const [chosen, setChosen] = useState<SearchSelectItem[]>([]);
  const form = useZodForm(createNotificationSchema, {
    defaultValues: { title: '', message: '', userIds: [], sendAt: null },
  });
  const { errors } = form.formState;
  const audience = useWatch({ control: form.control, name: 'audience' });
  const messageText = useWatch({ control: form.control, name: 'message' }) ?? '';
  const messageId = useId();
  const sendAtId = useId();

  const { onSubmit, formError } = useFormSubmit(async (values: CreateNotification) => {
    const res = await createNotification.mutateAsync(values);
    toast.success(res.message ?? (values.sendAt ? messages.notificationScheduled : messages.notificationQueued));
    void navigate(paths.notificationList);
  });

  const overLimit = messageText.length > limits.notificationMessageMax;
  const messageError = errors.message?.message;
  const sendAtError = errors.sendAt?.message;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Send Push Notification" description="App users find it in their inbox and as a push." />
      <Card>
        <Form
          form={form}
          onSubmit={onSubmit}
          formError={formError}
          aria-label="Send notification"
          className="grid gap-5 sm:grid-cols-2"
        >
          <TextInput
            label="Title"
            requiredMark
            autoComplete="off"
            className="sm:col-span-2"
            error={errors.title?.message}
            {...form.register('title')}
          />
          <div className="sm:col-span-2">
            <TextArea
              id={messageId}
              label="Message"
              requiredMark
              rows={5}
              error={messageError}
              aria-describedby={[messageError ? `${messageId}-error` : '', `${messageId}-count`].join(' ').trim()}
              {...form.register('message')}
            />
            <p
              id={`${messageId}-count`}
              data-testid="message-count"
              className={`mt-1 text-right text-xs tabular-nums ${
                overLimit ? 'font-medium text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'
              }`}
            >
              {messageText.length} / {limits.notificationMessageMax} characters
            </p>
          </div>
          <SelectField
            control={form.control}
            name="language"
            label="Language"
            options={languageOptions}
            placeholder="Select language"
            requiredMark
          />
          <SelectField
            control={form.control}
            name="audience"
            label="Audience"
            options={audienceOptions}
            placeholder="Select audience"
            requiredMark
          />
          {audience === 'users' && (
            <div className="sm:col-span-2">
              <Controller
                control={form.control}
                name="userIds"
                render={({ field, fieldState }) => (
                  <MultiSearchSelect
                    label="Users"
                    requiredMark
                    value={chosen}
                    onChange={(items) => {
                      setChosen(items);
                      field.onChange(items.map((u) => u.id));
                    }}
                    onBlur={field.onBlur}
                    search={searchUsers}
                    queryKey={notificationKeys.userSearches()}
                    max={limits.notificationUsersMax}
                    fullText={messages.recipientsTooMany}
                    placeholder="Search users by name"
                    noResultsText="No users found"
                    chosenLabel="Chosen users"
                    hint={
                      chosen.length > 0 ? `${chosen.length} chosen` : 'Type a name, then choose with Enter or a click.'
                    }
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>
          )}
          <div>
            <TextInput
              id={sendAtId}
              label="Send time"
              type="datetime-local"
              min={toDateTimeLocal(new Date())}
              error={sendAtError}
              aria-describedby={[sendAtError ? `${sendAtId}-error` : '', `${sendAtId}-hint`].join(' ').trim()}
              {...form.register('sendAt', { setValueAs: instantFromDateTimeLocal })}
            />
            <p id={`${sendAtId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Leave empty to send now.
            </p>
          </div>
          <div className="flex justify-end gap-3 sm:col-span-2">
            <Button variant="secondary" onClick={() => void navigate(paths.notificationList)}>
              Cancel
            </Button>
            <Button type="submit" loading={createNotification.isPending}>
              Send Notification
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
