import { Alert, AlertTitle } from '@mui/material';

/** Spec section 2 (error page) and section 8: the one wording for an unexpected failure. */
export const ERROR_TEXTS = {
  title: 'Something went wrong',
  body: "We've encountered an error processing this request",
} as const;

/**
 * The generic error component (spec section 8: "Invitation and quote mutation errors show a
 * generic error component"). It is an alert, so screen readers announce it when it appears.
 */
export function GenericError() {
  return (
    <Alert severity="error" role="alert">
      <AlertTitle component="p">{ERROR_TEXTS.title}</AlertTitle>
      {ERROR_TEXTS.body}
    </Alert>
  );
}
