import { PageHeader } from '../../components/page-header';

/** Placeholder: this screen is being built (issue 6). */
export function QueryListPage() {
  return <PageHeader title="Complaint Queries" />;
}
