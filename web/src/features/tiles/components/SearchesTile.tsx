import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import { Box, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { BuyingExpanded } from '../../../lib/api/types';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { SEARCH_DOCUMENT_TYPES } from '../../documents';
import { SEARCHES_TEXTS } from '../texts';
import { DocumentSection } from './DocumentSection';
import { useDocumentRows } from './useDocumentRows';

/**
 * /buying/{caseId}/searches (BUY-POST-15/16), read-only: whether each of the three searches
 * (local authority, drainage and water, environmental) is back, then the results and the firm's
 * summaries the case holds (`searches.documents`, `searches.summaries`), each to download.
 */
export function SearchesTile({ expanded }: { expanded: BuyingExpanded }) {
  const statusId = useId();
  const toRow = useDocumentRows(expanded);
  const { documents, summaries } = expanded.searches;
  return (
    <Stack spacing={4}>
      <Typography>{SEARCHES_TEXTS.intro}</Typography>
      <Box component="section" aria-labelledby={statusId}>
        <Typography id={statusId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {SEARCHES_TEXTS.statusHeading}
        </Typography>
        <List aria-labelledby={statusId} disablePadding>
          {SEARCH_DOCUMENT_TYPES.map((type) => {
            const back = documents.some((d) => d.documentType === type);
            return (
              <ListItem key={type} divider disableGutters data-search={type} data-back={back}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {back ? (
                    <CheckCircle color="success" aria-hidden="true" />
                  ) : (
                    <HourglassEmpty color="action" aria-hidden="true" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={documentTypeLabel(type)}
                  secondary={back ? SEARCHES_TEXTS.back : SEARCHES_TEXTS.notBack}
                />
              </ListItem>
            );
          })}
        </List>
      </Box>
      <DocumentSection
        heading={SEARCHES_TEXTS.resultsHeading}
        documents={documents.map(toRow)}
        empty={SEARCHES_TEXTS.noResults}
      />
      <DocumentSection
        heading={SEARCHES_TEXTS.summariesHeading}
        documents={summaries.map(toRow)}
        empty={SEARCHES_TEXTS.noSummaries}
      />
    </Stack>
  );
}
