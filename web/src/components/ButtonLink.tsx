import { Button, type ButtonProps } from '@mui/material';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps<'a'>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
ButtonAnchor.displayName = 'ButtonAnchor';

/** A MUI button that navigates with the router (typed `to`, preload on intent). */
export const ButtonLink = createLink(ButtonAnchor);
