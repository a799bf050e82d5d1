import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Paper,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A titled block of the case page (a region named by its heading). */
export function Panel({
  title,
  action,
  collapsible = false,
  children,
}: {
  title: string;
  action?: ReactNode;
  /** Closed until opened (see Collapsible), its action inside it. */
  collapsible?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  if (collapsible) {
    return (
      <Collapsible title={title} level="h2">
        {action && <Box sx={{ mb: 2 }}>{action}</Box>}
        {children}
      </Collapsible>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2.5, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography variant="h2" id={headingId}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** A term and its description in a two-column list (one column on phones). */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, gap: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function Details({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {children}
    </Box>
  );
}

/**
 * A titled block of the case page that opens and closes (the application's answers, the audit
 * trail, the workflow), so the page stays short: open, it is a region named by its title. Closed,
 * its content is not drawn at all.
 */
export function Collapsible({
  title,
  level = 'h3',
  defaultExpanded = false,
  children,
}: {
  title: string;
  /** Its heading's level in the page's outline. */
  level?: 'h2' | 'h3';
  defaultExpanded?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: level }, transition: { unmountOnExit: true } }}
      sx={{ minWidth: 0 }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore aria-hidden />}
        id={`${id}-summary`}
        aria-controls={`${id}-details`}
      >
        <Typography component="span" variant={level}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ minWidth: 0 }}>{children}</AccordionDetails>
    </Accordion>
  );
}
