import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/**
 * A titled block of the case page (about this case, the timeline, the broker's invitations):
 * a section named by its h2, on the paper colour with a thin border.
 */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
