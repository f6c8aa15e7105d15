import { PageHeader } from '../../components/page-header';

/** Placeholder: this screen is being built (issue 6). */
export function AddNotificationPage() {
  return <PageHeader title="Send Push Notification" />;
}
