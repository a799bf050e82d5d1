import { Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { BuyingExpanded } from '../../../lib/api/types';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { SEARCH_DOCUMENT_TYPES, documentUrl } from '../../documents';
import { useRecordSearch } from '../api/progress';
import { searchTexts } from '../documentTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffSearchKind, StaffUploadedDocument } from '../types';
import { Detail, Details, Panel } from './Panel';
import { useStepReport } from './useStepReport';

type Recorded = StaffSearchKind | null;

function SearchDocument({
  doc,
  recorded,
  recording,
  busy,
  onRecord,
}: {
  doc: StaffUploadedDocument;
  recorded: Recorded;
  /** Which of this document's actions is in flight. */
  recording: StaffSearchKind | null;
  /** Any document's action is in flight: one at a time. */
  busy: boolean;
  onRecord: (kind: StaffSearchKind) => void;
}) {
  const titleId = useId();
  const label = documentTypeLabel(doc.documentType);
  const title = searchTexts.document(label, doc.documentId);
  return (
    <Box
      component="li"
      data-document={doc.documentId}
      data-recorded={recorded ?? 'no'}
      sx={{
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      <Typography id={titleId} sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Link href={documentUrl(doc.documentId)} download aria-label={`Download ${title}`}>
        Download
      </Link>
      {recorded ? (
        <Chip
          size="small"
          label={recorded === 'SUMMARY' ? STAFF_TEXTS.recordedSummary : STAFF_TEXTS.recordedResult}
          sx={{ fontWeight: 600, bgcolor: '#e3f4e5', color: '#1b5e20' }}
        />
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {(['DOCUMENT', 'SUMMARY'] as const).map((kind) => (
            <Button
              key={kind}
              size="small"
              variant="outlined"
              aria-describedby={titleId}
              loading={recording === kind}
              loadingPosition="start"
              disabled={busy}
              onClick={() => onRecord(kind)}
            >
              {kind === 'DOCUMENT' ? STAFF_TEXTS.recordResult : STAFF_TEXTS.recordSummary}
            </Button>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * 'Searches' (a purchase): whether each of the three searches has its result and the firm's
 * summary recorded (`searches` of the case), and every uploaded search document with 'Record as
 * search result' and 'Record as summary' (POST /staff/cases/buying/{caseId}/searches). The
 * server refuses (409, shown as it says it) while the Searches tile is not open or when the
 * document is recorded already.
 */
export function SearchesPanel({
  caseId,
  caseStatus,
  expanded,
}: {
  caseId: string;
  caseStatus: string;
  expanded: BuyingExpanded;
}) {
  const record = useRecordSearch(caseId);
  const report = useStepReport('buying', caseId);
  const { documents, summaries } = expanded.searches;
  const recordedAs = (documentId: number): Recorded =>
    documents.some((d) => d.documentId === documentId)
      ? 'DOCUMENT'
      : summaries.some((d) => d.documentId === documentId)
        ? 'SUMMARY'
        : null;
  const uploads = expanded.documents.documents.filter((d) =>
    (SEARCH_DOCUMENT_TYPES as readonly string[]).includes(d.documentType),
  );
  const pending = record.isPending ? record.variables : null;

  return (
    <Panel title={STAFF_TEXTS.searches}>
      <Stack spacing={2}>
        <Details>
          {SEARCH_DOCUMENT_TYPES.map((type) => (
            <Detail key={type} term={documentTypeLabel(type)}>
              {searchTexts.progress(
                documents.some((d) => d.documentType === type),
                summaries.some((d) => d.documentType === type),
              )}
            </Detail>
          ))}
        </Details>
        <Typography variant="body2" color="text.secondary">
          {STAFF_TEXTS.searchesIntro}
        </Typography>
        {uploads.length === 0 ? (
          <Typography>{STAFF_TEXTS.noSearchDocuments}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={STAFF_TEXTS.searches}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {uploads.map((doc) => (
              <SearchDocument
                key={doc.documentId}
                doc={doc}
                recorded={recordedAs(doc.documentId)}
                recording={pending?.documentId === doc.documentId ? pending.kind : null}
                busy={record.isPending}
                onRecord={(kind) =>
                  record.mutate(
                    { documentId: doc.documentId, kind },
                    {
                      onSuccess: (done) =>
                        report.done(
                          searchTexts.recordedToast(
                            documentTypeLabel(doc.documentType),
                            kind === 'SUMMARY',
                          ),
                          caseStatus,
                          done.status,
                        ),
                      onError: (error) => report.failed(error),
                    },
                  )
                }
              />
            ))}
          </Box>
        )}
      </Stack>
    </Panel>
  );
}
