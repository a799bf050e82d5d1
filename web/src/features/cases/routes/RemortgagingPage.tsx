import { PageHeading } from '../../../components/PageHeading';

/** /remortgaging — the case list arrives with a later issue; no placeholder data is shown. */
export function RemortgagingPage() {
  return <PageHeading>Remortgaging Cases</PageHeading>;
}
