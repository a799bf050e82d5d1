import { Typography } from '@mui/material';

/** The page's single h1, also used as the document title. */
export function PageHeading({ children }: { children: string }) {
  return (
    <>
      <title>{`${children} - Threshold`}</title>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {children}
      </Typography>
    </>
  );
}
