import { PageHeader } from '../../components/page-header';

/** Placeholder: this screen is being built (issue 6). */
export function QueryDetailsPage() {
  return <PageHeader title="Complaint Query Detail" />;
}
