import { PageHeader } from '../../components/page-header';

/** Placeholder: this screen is being built (issue 6). */
export function AddBoxPage() {
  return <PageHeader title="Add Gift Box Config" />;
}
