import { PageHeader } from '../../components/page-header';

/** Placeholder: this screen is being built (issue 6). */
export function BoxListPage() {
  return <PageHeader title="Gift Box Config" />;
}
