import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';
import { isApiError } from '../../../lib/api/errors';
import { isBuying } from '../../application';
import type { CaseKind } from '../../cases';
import { propertyAddress } from '../../cases';
import { StatusChip } from '../../../components/StatusChip';
import { CASE_TYPE_LABELS } from '../../../lib/labels';
import { NotFoundPage } from '../../shell';
import { useStaffCase } from '../api/case';
import { isSecondFactorRequired } from '../secondFactor';
import { waitsOnLabel } from '../queueTexts';
import { STAFF_TEXTS } from '../texts';
import { AssigneeSelect } from './AssigneeSelect';
import { AuditTrail } from './AuditTrail';
import { ApplicationAnswers } from './CaseDetails';
import { ConversationSection } from './ConversationSection';
import { DocumentsPanel } from './DocumentsPanel';
import { IdentityReview } from './IdentityReview';
import { IssuedDocumentsPanel, isClosed, isWorkable } from './IssuedDocumentsPanel';
import { LedgerPanel } from './LedgerPanel';
import { MortgageOfferPanel } from './MortgageOfferPanel';
import { MortgageOfferStep, needsMortgageOffer, offerLender } from './MortgageOfferStep';
import { NextSteps } from './NextSteps';
import { Detail, Details } from './Panel';
import { SearchesPanel } from './SearchesPanel';
import { SourcesOfFundsPanel } from './SourcesOfFundsPanel';
import { TasksPanel } from './TasksPanel';
import { TitleRegisterPanel } from './TitleRegisterPanel';
import { EnquiriesPanel } from './EnquiriesPanel';
import { UnexpectedPaymentsPanel } from './UnexpectedPaymentsPanel';
import { UploadPanel } from './UploadPanel';
import { WorkflowDiagram } from './WorkflowDiagram';
import { WorkStartRequestsPanel } from './WorkStartRequestsPanel';

const isNumericId = (caseId: string) => /^\d+$/.test(caseId);

/** /staff/cases/{caseType}/{caseId} — one case as the back office works on it. */
export function StaffCasePage({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const valid = isNumericId(caseId);
  const query = useStaffCase(kind, valid ? caseId : '0');

  if (!valid || isApiError(query.error, 404))
    return <NotFoundPage standalone={false} home="/staff" />;
  const back = (
    <RouterLink to="/staff" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBack fontSize="small" aria-hidden />
      {STAFF_TEXTS.backToQueue}
    </RouterLink>
  );
  if (query.isPending) {
    return (
      <Box>
        {back}
        <Loading label="Loading the case" />
      </Box>
    );
  }
  if (!query.data) {
    if (isSecondFactorRequired(query.error)) return <Loading />;
    return (
      <Box>
        {back}
        <Typography variant="h1" sx={{ mb: 2 }}>
          Case {caseId}
        </Typography>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {STAFF_TEXTS.tryAgain}
            </Button>
          }
        >
          {STAFF_TEXTS.caseLoadError}
        </Alert>
      </Box>
    );
  }

  const staffCase = query.data;
  const { expanded } = staffCase;
  const address = propertyAddress(expanded.property);
  const references = [
    `${CASE_TYPE_LABELS[staffCase.caseType]} · Ref ${staffCase.id}`,
    expanded.brokerReference ? `Broker ref ${expanded.brokerReference}` : null,
    expanded.broker
      ? `Broker: ${expanded.broker.preferredName}${expanded.broker.firmName ? `, ${expanded.broker.firmName}` : ''}`
      : null,
  ].filter(Boolean);

  return (
    <Box>
      {back}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { sm: 'center' }, columnGap: 2, rowGap: 1, mb: 1, flexWrap: 'wrap' }}
      >
        <Box sx={{ '& h1': { mb: 0 }, minWidth: 0, overflowWrap: 'anywhere' }}>
          <PageHeading>{address ?? `Case ${staffCase.id}`}</PageHeading>
        </Box>
        <Box data-testid="case-status">
          <StatusChip chip={staffCase.chip} wrap />
        </Box>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {references.join(' · ')}
      </Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ gap: 2, alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Details>
          <Detail term="Waiting on">{waitsOnLabel(staffCase.waitsOn)}</Detail>
        </Details>
        <AssigneeSelect kind={kind} caseId={caseId} assignee={staffCase.assignee ?? null} />
      </Stack>

      {/* What to do next leads; the answers, the trail and the workflow open on demand. */}
      <Stack spacing={3}>
        <NextSteps
          kind={kind}
          caseId={caseId}
          staffCase={staffCase}
          extra={
            needsMortgageOffer(kind, staffCase.status, expanded, !!staffCase.mortgageOffer) && (
              <MortgageOfferStep
                kind={kind}
                caseId={caseId}
                caseStatus={staffCase.status}
                lender={offerLender(expanded)}
              />
            )
          }
        />
        <ConversationSection kind={kind} caseId={caseId} />
        {staffCase.tasks.length > 0 && (
          <TasksPanel
            kind={kind}
            caseId={caseId}
            tasks={staffCase.tasks}
            screeningProvider={staffCase.screeningProvider ?? null}
          />
        )}
        {(staffCase.mayRecordTitleRegisterNames || staffCase.titleRegisterNames.length > 0) && (
          <TitleRegisterPanel
            caseId={caseId}
            names={staffCase.titleRegisterNames}
            mayRecord={staffCase.mayRecordTitleRegisterNames}
          />
        )}
        {isBuying(expanded) && expanded.sourceOfFunds.length > 0 && (
          <SourcesOfFundsPanel
            caseId={caseId}
            expanded={expanded}
            mayReview={staffCase.mayReviewSourcesOfFunds}
          />
        )}
        {(staffCase.mayWorkEnquiries || staffCase.enquiries.length > 0) && (
          <EnquiriesPanel
            caseId={caseId}
            enquiries={staffCase.enquiries}
            mayWork={staffCase.mayWorkEnquiries}
          />
        )}
        {staffCase.mortgageOffer && <MortgageOfferPanel offer={staffCase.mortgageOffer} />}
        <UnexpectedPaymentsPanel payments={staffCase.unexpectedPayments} />
        <LedgerPanel kind={kind} caseId={caseId} />
        {isBuying(expanded) && <WorkStartRequestsPanel caseId={caseId} />}
        <IssuedDocumentsPanel kind={kind} caseId={caseId} staffCase={staffCase} />
        {/* A purchase's contract pack and searches come from outside: the firm adds them. */}
        {isBuying(expanded) && isWorkable(staffCase) && (
          <>
            <UploadPanel caseId={caseId} />
            <SearchesPanel caseId={caseId} caseStatus={staffCase.status} expanded={expanded} />
          </>
        )}
        <ApplicationAnswers
          expanded={expanded}
          identity={(party) => (
            <IdentityReview
              kind={kind}
              caseId={caseId}
              caseStatus={staffCase.status}
              party={party}
              evidence={staffCase.identityEvidence.filter((e) => e.applicantId === party.id)}
              check={staffCase.identityChecks.find((c) => c.applicantId === party.id) ?? null}
            />
          )}
        />
        <DocumentsPanel
          kind={kind}
          caseId={caseId}
          expanded={expanded}
          uploads={staffCase.uploads}
          removable={!isClosed(staffCase.status)}
        />
        <Stack spacing={1}>
          <AuditTrail kind={kind} caseId={caseId} entries={staffCase.audit} />
          <WorkflowDiagram key={staffCase.diagram} source={staffCase.diagram} />
        </Stack>
      </Stack>
    </Box>
  );
}
