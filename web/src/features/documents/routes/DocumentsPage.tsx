import { Alert, Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';
import type { DocumentsOfCase } from '../../../lib/api/types';
import { useSession } from '../../auth';
import { useMyDocuments } from '../api/getMyDocuments';
import { CaseDocumentGroups } from '../components/CaseDocuments';
import { caseHeading, caseKindOf } from '../labels';
import { rowOf } from '../rows';
import { DOCUMENTS_TEXTS } from '../texts';

function CaseEntry({ entry }: { entry: DocumentsOfCase }) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-case={entry.caseId}
      sx={{ p: 2, bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      <Typography
        id={headingId}
        variant="h2"
        sx={{ fontSize: '1.25rem', mb: 0.5, overflowWrap: 'anywhere' }}
      >
        {caseHeading(entry.caseType, entry.caseId, entry.propertyAddressLine1)}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        <RouterLink
          to="/documents/$caseType/$caseId"
          params={{ caseType: caseKindOf(entry.caseType), caseId: String(entry.caseId) }}
        >
          {DOCUMENTS_TEXTS.viewCase}
        </RouterLink>
      </Typography>
      <CaseDocumentGroups
        level={3}
        uploaded={entry.documents.map(rowOf)}
        generated={entry.generatedDocuments.map(rowOf)}
      />
    </Box>
  );
}

/**
 * /documents (DOCS-01): the customer's cases, each with its documents. Brokers have no such
 * list (the nav hides it): one who types the address is told where their documents are.
 */
export function DocumentsPage() {
  const { isBroker } = useSession();
  const query = useMyDocuments(!isBroker);
  let body;
  if (isBroker) {
    body = (
      <Typography role="status" sx={{ py: 4 }}>
        {DOCUMENTS_TEXTS.forBrokers}{' '}
        <RouterLink to="/$caseType" params={{ caseType: 'remortgaging' }}>
          {DOCUMENTS_TEXTS.toCases}
        </RouterLink>
      </Typography>
    );
  } else if (query.isPending) {
    body = <Loading label={DOCUMENTS_TEXTS.loading} />;
  } else if (query.isError) {
    body = (
      <Alert severity="error" role="alert">
        {DOCUMENTS_TEXTS.loadError}
      </Alert>
    );
  } else if (query.data.cases.length === 0) {
    body = (
      <Typography role="status" sx={{ py: 4 }}>
        {DOCUMENTS_TEXTS.noCases}
      </Typography>
    );
  } else {
    body = (
      <Stack spacing={3}>
        {query.data.cases.map((entry) => (
          <CaseEntry key={`${entry.caseType}-${entry.caseId}`} entry={entry} />
        ))}
      </Stack>
    );
  }
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeading>{DOCUMENTS_TEXTS.title}</PageHeading>
      {body}
    </Box>
  );
}
