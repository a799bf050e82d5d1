import { Button, List, ListItem, ListItemText, Typography, type SxProps } from '@mui/material';
import { useId } from 'react';
import { formatDate, fullLegalName } from '../lib/format';

/** One legal name as the server gives it; the current one has no `until`. */
export interface LegalNameEntry {
  id: number;
  firstName: string;
  middleNames?: string | null;
  surname: string;
  until?: string | null;
}

/** The words of the previous-names list, with the toasts its callers show after a delete. */
export const PREVIOUS_LEGAL_NAMES_TEXTS = {
  heading: 'Previous legal names',
  until: (date: string) => `Until ${date}`,
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete previous name ${name}`,
  deleted: 'Previous name deleted',
  deleteFailed: 'Could not delete the previous name',
} as const;

export interface PreviousLegalNamesProps {
  /** All of the person's legal names; only the previous ones (with `until`) are listed. */
  names: readonly LegalNameEntry[];
  /** The heading's id, which names the section and the list (one is made when left out). */
  headingId?: string;
  heading?: string;
  /** The heading's level in the page outline (its look follows `headingSx`). */
  headingLevel?: 3 | 4;
  headingSx?: SxProps;
  /** A delete is under way: every Delete button waits. */
  pending: boolean;
  onDelete: (legalNameId: number) => void;
}

/**
 * The legal names a person had before, each with the day it ended and a Delete button; nothing
 * when there are none. The current name is never listed, so it can never be deleted here. Used
 * by Settings (the user's own names) and the application's Owners / Buyer Details cards.
 */
export function PreviousLegalNames({
  names,
  headingId,
  heading = PREVIOUS_LEGAL_NAMES_TEXTS.heading,
  headingLevel = 3,
  headingSx,
  pending,
  onDelete,
}: PreviousLegalNamesProps) {
  const fallbackId = useId();
  const id = headingId ?? fallbackId;
  const previous = names.filter((n) => n.until);
  if (previous.length === 0) return null;
  const level = `h${headingLevel}` as const;
  const T = PREVIOUS_LEGAL_NAMES_TEXTS;
  return (
    <section aria-labelledby={id}>
      <Typography variant={level} component={level} id={id} gutterBottom sx={headingSx}>
        {heading}
      </Typography>
      <List aria-labelledby={id} disablePadding>
        {previous.map((name) => {
          const label = fullLegalName(name);
          return (
            <ListItem key={name.id} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
              <ListItemText
                primary={label}
                secondary={T.until(formatDate(name.until ?? ''))}
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              />
              <Button
                variant="outlined"
                color="error"
                size="small"
                disabled={pending}
                aria-label={T.deleteLabel(label)}
                onClick={() => onDelete(name.id)}
              >
                {T.delete}
              </Button>
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
