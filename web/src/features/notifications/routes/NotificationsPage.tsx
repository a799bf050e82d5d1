import { PageHeading } from '../../../components/PageHeading';

/** /notifications — the feed arrives with a later issue. */
export function NotificationsPage() {
  return <PageHeading>Notifications</PageHeading>;
}
