import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';
import { isApiError } from '../../../lib/api/errors';
import { useSession } from '../../auth';
import { CASE_TYPE, caseQuery, type CaseKind } from '../../cases';
import { useMyDocuments } from '../api/getMyDocuments';
import { CaseDocumentGroups } from '../components/CaseDocuments';
import { caseHeading } from '../labels';
import { expandedRows, rowOf } from '../rows';
import { DOCUMENTS_TEXTS } from '../texts';

function Frame({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeading>{DOCUMENTS_TEXTS.title}</PageHeading>
      <Typography sx={{ mb: 2 }}>
        <RouterLink to="/documents">{DOCUMENTS_TEXTS.allDocuments}</RouterLink>
      </Typography>
      {subtitle && (
        <Typography
          data-testid="case-documents-title"
          sx={{ mb: 2, fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {subtitle}
        </Typography>
      )}
      {children}
    </Box>
  );
}

const loadError = (
  <Alert severity="error" role="alert">
    {DOCUMENTS_TEXTS.loadError}
  </Alert>
);
const missing = <Typography role="status">{DOCUMENTS_TEXTS.caseMissing}</Typography>;

/** A customer's case: from GET /documents, with file names and dates. */
function CustomerCaseDocuments({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const query = useMyDocuments();
  if (query.isPending) {
    return (
      <Frame>
        <Loading label={DOCUMENTS_TEXTS.loading} />
      </Frame>
    );
  }
  if (query.isError) return <Frame>{loadError}</Frame>;
  const entry = query.data.cases.find(
    (c) => c.caseType === CASE_TYPE[kind] && String(c.caseId) === caseId,
  );
  if (!entry) return <Frame>{missing}</Frame>;
  return (
    <Frame subtitle={caseHeading(entry.caseType, entry.caseId, entry.propertyAddressLine1)}>
      <CaseDocumentGroups
        uploaded={entry.documents.map(rowOf)}
        generated={entry.generatedDocuments.map(rowOf)}
      />
    </Frame>
  );
}

/** Anyone else on the case (brokers): from the expanded case, types and links only. */
function ExpandedCaseDocuments({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const query = useQuery(caseQuery(kind, caseId));
  if (query.isPending) {
    return (
      <Frame>
        <Loading label={DOCUMENTS_TEXTS.loading} />
      </Frame>
    );
  }
  if (query.isError) {
    return <Frame>{isApiError(query.error, 404) ? missing : loadError}</Frame>;
  }
  const { uploaded, generated } = expandedRows(query.data.documents);
  const expanded = query.data;
  return (
    <Frame
      subtitle={caseHeading(
        CASE_TYPE[kind],
        expanded.id,
        expanded.property?.formattedAddress || expanded.property?.addressLine1,
      )}
    >
      <CaseDocumentGroups uploaded={uploaded} generated={generated} />
    </Frame>
  );
}

/** /documents/{caseType}/{caseId} (DOCS-02): one case's uploaded and generated documents. */
export function CaseDocumentsPage({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const { me } = useSession();
  return me?.role === 'ROLE_USER' ? (
    <CustomerCaseDocuments kind={kind} caseId={caseId} />
  ) : (
    <ExpandedCaseDocuments kind={kind} caseId={caseId} />
  );
}
