import { PageHeader } from '../../components/page-header';

/** Placeholder: this screen is being built (issue 6). */
export function UpdateBoxPage() {
  return <PageHeader title="Update Gift Box Config" />;
}
