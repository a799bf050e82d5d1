import { PageHeading } from '../../../components/PageHeading';

/** /buying — the case list arrives with a later issue. */
export function BuyingPage() {
  return <PageHeading>Buying Cases</PageHeading>;
}
