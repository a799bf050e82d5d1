import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { useWebhooks } from '../api/webhooks';
import { EndpointCard } from '../components/EndpointCard';
import { NewWebhookForm } from '../components/NewWebhookForm';
import { SecretDialog } from '../components/SecretDialog';
import { WEBHOOK_TEXT } from '../texts';

/** /settings/webhooks: a broker firm's admin keeps the firm's CRM endpoints (issue 32). */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  // The new endpoint's secret, held only until its dialog closes.
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
      <PageHeading>{WEBHOOK_TEXT.title}</PageHeading>
      <Typography>{WEBHOOK_TEXT.intro}</Typography>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="webhooks-endpoints"
        sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
      >
        <Typography variant="h2" id="webhooks-endpoints" gutterBottom>
          {WEBHOOK_TEXT.endpoints}
        </Typography>
        {webhooks.isPending && <Loading label={WEBHOOK_TEXT.endpoints} />}
        {webhooks.isError && <Alert severity="error">{WEBHOOK_TEXT.loadFailed}</Alert>}
        {webhooks.data &&
          (webhooks.data.endpoints.length === 0 ? (
            <Typography>{WEBHOOK_TEXT.none}</Typography>
          ) : (
            <Stack
              component="ul"
              spacing={2}
              aria-label={WEBHOOK_TEXT.endpoints}
              sx={{ m: 0, p: 0 }}
            >
              {webhooks.data.endpoints.map((w) => (
                <EndpointCard key={w.id} webhook={w} />
              ))}
            </Stack>
          ))}
      </Paper>
      <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        <NewWebhookForm onCreated={(created) => setSecret(created.secret)} />
      </Paper>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
