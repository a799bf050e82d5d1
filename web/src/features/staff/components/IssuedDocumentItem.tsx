import { Box, Button, Chip, Link, Typography } from '@mui/material';
import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { documentUrl } from '../../documents';
import { PreviewButton } from './DocumentPreview';
import { documentTexts } from '../documentTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffGeneratedDocument, StaffParty } from '../types';
import { Detail, Details } from './Panel';
import { DeleteDocumentButton, type RemovableDocument } from './RemoveDocumentDialog';

/** The documents customers accept once issued (each has a publishing step in the workflow). */
const ACCEPTED_TYPES: readonly string[] = [
  'MORTGAGE_REPORT',
  'COMPLETION_STATEMENT',
  'CLIENT_CARE_LETTER',
  'REPORT_ON_TITLE',
];

/** Draft or Issued, in colours with AA contrast (the status chips' amber and green). */
function StateBadge({ draft }: { draft: boolean }) {
  return (
    <Chip
      size="small"
      label={draft ? STAFF_TEXTS.draft : STAFF_TEXTS.issued}
      data-state={draft ? 'draft' : 'issued'}
      sx={{
        fontWeight: 600,
        bgcolor: draft ? '#fff1d6' : '#e3f4e5',
        color: draft ? '#6b3e00' : '#1b5e20',
      }}
    />
  );
}

function Acceptances({
  doc,
  parties,
  partyWord,
}: {
  doc: StaffGeneratedDocument;
  parties: StaffParty[];
  partyWord: string;
}) {
  if (parties.length === 0) return null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {documentTexts.acceptances(partyWord)}
      </Typography>
      <Details>
        {parties.map((p) => {
          const accepted = p.documentAcceptances.find((a) => a.documentId === doc.documentId);
          return (
            <Detail key={p.id} term={p.user.preferredName}>
              {accepted
                ? documentTexts.accepted(formatDate(accepted.acceptedAt))
                : STAFF_TEXTS.notYet}
            </Detail>
          );
        })}
      </Details>
    </Box>
  );
}

export function DocumentItem({
  doc,
  name,
  parties,
  partyWord,
  onIssue,
  removable,
  onDelete,
}: {
  doc: StaffGeneratedDocument;
  /** What the list calls it ('Mortgage report (draft)'). */
  name: string;
  parties: StaffParty[];
  partyWord: string;
  onIssue: (doc: StaffGeneratedDocument) => void;
  /** A draft the firm may delete (the case is open), as the list names it. */
  removable: RemovableDocument | null;
  onDelete: (doc: RemovableDocument) => void;
}) {
  const titleId = useId();
  const label = documentTypeLabel(doc.documentType);
  const acceptable = ACCEPTED_TYPES.includes(doc.documentType);
  return (
    <Box
      component="li"
      data-document={doc.documentId}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}
      >
        <Typography id={titleId} sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        <StateBadge draft={doc.isDraft} />
        <Link href={documentUrl(doc.documentId)} download>
          {documentTexts.openLink(label, doc.isDraft)}
        </Link>
        <PreviewButton documentId={doc.documentId} name={name} />
        {doc.isDraft && acceptable && (
          <Button
            size="small"
            variant="contained"
            aria-describedby={titleId}
            onClick={() => onIssue(doc)}
          >
            {STAFF_TEXTS.issueToCustomers}
          </Button>
        )}
        {removable && (
          <DeleteDocumentButton name={removable.name} onClick={() => onDelete(removable)} />
        )}
      </Box>
      {!doc.isDraft && acceptable && (
        <Acceptances doc={doc} parties={parties} partyWord={partyWord} />
      )}
    </Box>
  );
}
