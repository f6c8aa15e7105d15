/** Fixed option lists of docs/behaviour.md §9. A dropdown option is { id, label, value } (§3). */
export interface DropdownOption<V extends string | boolean = string> {
  id: number;
  label: string;
  value: V;
}

/** Admin, the two staff roles (docs/behaviour.md §13 Roles), and the app's users. */
export const roleNames = ['Admin', 'Support', 'Content', 'User'] as const;
export type RoleName = (typeof roleNames)[number];

export const languageOptions = [
  { id: 1, label: 'English', value: 'en' },
  { id: 2, label: 'Swedish', value: 'sv' },
] as const satisfies readonly DropdownOption[];
export const languages = ['en', 'sv'] as const;
export type Language = (typeof languages)[number];

export const dateRangeOptions = [
  { id: 1, label: 'Today', value: 'Today' },
  { id: 2, label: 'Last Week', value: 'Week' },
  { id: 3, label: 'Month', value: 'Month' },
  { id: 4, label: 'Year', value: 'Year' },
  { id: 5, label: 'All Time', value: 'All' },
] as const satisfies readonly DropdownOption[];
export const dateRanges = ['Today', 'Week', 'Month', 'Year', 'All'] as const;
export type DateRange = (typeof dateRanges)[number];
/** The range of the dashboard when none is asked for. */
export const defaultDateRange: DateRange = 'Today';
/** `value` when it names a range, else the default: how the portal reads Home's `?range=`. */
export const dateRangeOf = (value: string | null | undefined): DateRange =>
  (dateRanges as readonly (string | null | undefined)[]).includes(value) ? (value as DateRange) : defaultDateRange;

export const genders = ['male', 'female'] as const;
export type Gender = (typeof genders)[number];
export const genderOptions = [
  { id: 1, label: 'Male', value: 'male' },
  { id: 2, label: 'Female', value: 'female' },
] as const satisfies readonly DropdownOption[];

export const roleOptions = [
  { id: 1, label: 'Admin', value: 'Admin' },
  { id: 2, label: 'Support', value: 'Support' },
  { id: 3, label: 'Content', value: 'Content' },
  { id: 4, label: 'User', value: 'User' },
] as const satisfies readonly DropdownOption[];

export const statusOptions = [
  { id: 1, label: 'Active', value: true },
  { id: 2, label: 'Inactive', value: false },
] as const satisfies readonly DropdownOption<boolean>[];

/** docs/behaviour.md §3: tracking defaults to the second option, Disabled. */
export const trackingOptions = [
  { id: 1, label: 'Enable', value: true },
  { id: 2, label: 'Disable', value: false },
] as const satisfies readonly DropdownOption<boolean>[];

export const yesNoOptions = [
  { id: 1, label: 'Yes', value: 'true' },
  { id: 2, label: 'No', value: 'false' },
] as const satisfies readonly DropdownOption[];

export const quizOptionNumbers = [1, 2, 3, 4] as const;
export const quizOptionOptions = quizOptionNumbers.map((n) => ({
  id: n,
  label: `Option ${n}`,
  value: String(n),
}));

/** Push notification audience (docs/behaviour.md §11). */
export const notificationAudiences = ['all', 'active', 'users'] as const;
export type NotificationAudience = (typeof notificationAudiences)[number];
export const audienceOptions = [
  { id: 1, label: 'All users', value: 'all' },
  { id: 2, label: 'Active users', value: 'active' },
  { id: 3, label: 'Chosen users', value: 'users' },
] as const satisfies readonly DropdownOption[];

export const notificationStatuses = ['queued', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];
export const notificationStatusLabels: Record<NotificationStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

/** docs/behaviour.md §2: Complaint Query Detail shows source, default Mobile. */
export const defaultQuerySource = 'Mobile';
