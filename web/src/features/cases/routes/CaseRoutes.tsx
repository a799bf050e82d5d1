import { useParams } from '@tanstack/react-router';
import { CasePage, SectionPage } from '../components/CasePage';
import { StartCasePage } from '../components/StartCasePage';

function useCaseParams() {
  return useParams({ strict: false }) as { caseId?: string; section?: string; tile?: string };
}

export function RemortgagingStartRoute() {
  return <StartCasePage kind="remortgaging" />;
}

export function BuyingStartRoute() {
  return <StartCasePage kind="buying" />;
}

export function RemortgagingCaseRoute() {
  const { caseId = '' } = useCaseParams();
  return <CasePage key={caseId} kind="remortgaging" caseId={caseId} />;
}

export function BuyingCaseRoute() {
  const { caseId = '' } = useCaseParams();
  return <CasePage key={caseId} kind="buying" caseId={caseId} />;
}

export function RemortgagingSectionRoute() {
  const { caseId = '', section = '' } = useCaseParams();
  return <SectionPage kind="remortgaging" caseId={caseId} where="sections" sectionKey={section} />;
}

export function BuyingSectionRoute() {
  const { caseId = '', section = '' } = useCaseParams();
  return <SectionPage kind="buying" caseId={caseId} where="sections" sectionKey={section} />;
}

export function RemortgagingTileRoute() {
  const { caseId = '', tile = '' } = useCaseParams();
  return <SectionPage kind="remortgaging" caseId={caseId} where="tiles" sectionKey={tile} />;
}

export function BuyingTileRoute() {
  const { caseId = '', tile = '' } = useCaseParams();
  return <SectionPage kind="buying" caseId={caseId} where="tiles" sectionKey={tile} />;
}
