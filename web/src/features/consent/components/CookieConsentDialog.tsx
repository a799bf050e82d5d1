import { Box, Button, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { ConsentEvent } from '../machines/consentMachine';

export const CONSENT_TEXTS = {
  title: 'Cookies on Threshold',
  intro:
    'We use essential cookies to keep you signed in and the site secure. With your permission we would also like to use analytics cookies to understand how the site is used.',
  essential: 'Essential cookies (always on)',
  analytics: 'Analytics cookies',
} as const;

/**
 * A non-modal dialog at the bottom of the screen, so it never fights a blocking dialog for focus.
 * Focus moves into it when it appears and when the view changes.
 */
export function CookieConsentDialog({
  managing,
  analyticsSelected,
  send,
}: {
  managing: boolean;
  analyticsSelected: boolean;
  send: (event: ConsentEvent) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [managing]);

  return (
    <Box
      component="section"
      aria-label="Cookie consent"
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: (t) => t.zIndex.drawer + 50,
        p: { xs: 1, sm: 2 },
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      <Paper
        role="dialog"
        aria-modal="false"
        aria-labelledby="cookie-consent-title"
        aria-describedby="cookie-consent-text"
        elevation={8}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, width: '100%', pointerEvents: 'auto' }}
      >
        <Stack spacing={2}>
          <Typography
            id="cookie-consent-title"
            variant="h6"
            component="h2"
            tabIndex={-1}
            ref={headingRef}
            sx={{ outline: 'none' }}
          >
            {CONSENT_TEXTS.title}
          </Typography>
          <Typography id="cookie-consent-text" variant="body2">
            {CONSENT_TEXTS.intro}
          </Typography>
          {managing && (
            <Stack>
              <FormControlLabel
                control={<Switch checked disabled />}
                label={CONSENT_TEXTS.essential}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={analyticsSelected}
                    onChange={() => send({ type: 'TOGGLE_ANALYTICS' })}
                  />
                }
                label={CONSENT_TEXTS.analytics}
              />
            </Stack>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'flex-end' }}
          >
            {managing ? (
              <>
                <Button variant="outlined" onClick={() => send({ type: 'CANCEL' })}>
                  Cancel
                </Button>
                <Button variant="contained" onClick={() => send({ type: 'ACCEPT_SELECTED' })}>
                  Accept selected
                </Button>
              </>
            ) : (
              <>
                <Button variant="outlined" onClick={() => send({ type: 'MANAGE' })}>
                  Manage
                </Button>
                <Button variant="contained" onClick={() => send({ type: 'ACCEPT_ALL' })}>
                  Accept all
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
