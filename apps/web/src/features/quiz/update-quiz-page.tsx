import { PageHeader } from '../../components/page-header';

/** Placeholder: this screen is being built (issue 6). */
export function UpdateQuizPage() {
  return <PageHeader title="Update Quiz Question" />;
}
