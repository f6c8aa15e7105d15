import { PageHeader } from '../../components/page-header';

/** Placeholder: this screen is being built (issue 6). */
export function AddBoxManualPage() {
  return <PageHeader title="Place a Gift Box" />;
}
