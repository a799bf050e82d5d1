import { Loading } from '../../components/Loading';
import { PageHeading } from '../../components/PageHeading';
import { ApplicationSection } from '../../features/application';
import { useCase, type CaseKind } from '../../features/cases';
import { QuoteSection } from '../../features/invitations';

/**
 * A section page: its heading, then the application feature's section with Previous / Next
 * (issues 12, 13); the Quote section's screen in it is the quote (issue 11), naming the case's
 * broker and firm. A post-submit tile's page is the tiles feature's (TileRoutes.tsx).
 */
export function SectionPage({
  kind,
  caseId,
  sectionKey,
}: {
  kind: CaseKind;
  caseId: string;
  sectionKey: string;
}) {
  const query = useCase(kind, caseId);
  if (query.isPending) return <Loading label="Loading case" />;
  const entry = query.data?.view.sections.find((s) => s.key === sectionKey);
  const broker = query.data?.broker;
  const quote =
    sectionKey === 'quote' ? (
      <QuoteSection
        kind={kind}
        caseId={caseId}
        brokerName={broker?.preferredName}
        brokerFirm={broker?.firmName}
      />
    ) : undefined;
  return (
    <>
      <PageHeading>{entry?.label ?? 'Case'}</PageHeading>
      <ApplicationSection kind={kind} caseId={caseId} sectionKey={sectionKey} screen={quote} />
    </>
  );
}
