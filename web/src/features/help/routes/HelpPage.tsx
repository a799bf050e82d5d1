import { PageHeading } from '../../../components/PageHeading';

/** /help — the help articles arrive with a later issue. */
export function HelpPage() {
  return <PageHeading>Help</PageHeading>;
}
