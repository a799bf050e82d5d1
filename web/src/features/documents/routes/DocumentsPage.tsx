import { PageHeading } from '../../../components/PageHeading';

/** /documents — arrives with a later issue. */
export function DocumentsPage() {
  return <PageHeading>Documents</PageHeading>;
}
