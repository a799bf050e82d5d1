import { Link as MuiLink, type LinkProps as MuiLinkProps } from '@mui/material';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

const MuiLinkAdapter = forwardRef<HTMLAnchorElement, MuiLinkProps>((props, ref) => (
  <MuiLink ref={ref} {...props} />
));
MuiLinkAdapter.displayName = 'MuiLinkAdapter';

/** A MUI link that navigates with the router (typed `to`, preload on intent). */
export const RouterLink = createLink(MuiLinkAdapter);
