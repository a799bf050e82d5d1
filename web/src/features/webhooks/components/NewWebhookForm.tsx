import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/errors';
import { useCreateWebhook, type WebhookCreated } from '../api/webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_TEXT } from '../texts';

type Errors = { url?: string; events?: string; form?: string };

/**
 * What the browser can tell before asking: a URL and an event. Whether the URL may receive
 * events (https, a public address; or not, where the server allows private targets) is the
 * server's to say, on the field.
 */
function check(url: string, events: string[]): Errors {
  const errors: Errors = {};
  if (url.trim() === '') errors.url = WEBHOOK_TEXT.urlRequired;
  if (events.length === 0) errors.events = WEBHOOK_TEXT.eventsRequired;
  return errors;
}

/** Registers an endpoint; `onCreated` gets the answer with its secret (shown once). */
export function NewWebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const toggle = (type: string, on: boolean) => {
    setEvents((current) =>
      on
        ? WEBHOOK_EVENTS.map((e) => e.type).filter((t) => t === type || current.includes(t))
        : current.filter((t) => t !== type),
    );
    setErrors((e) => ({ ...e, events: undefined }));
  };

  const submit = () => {
    const found = check(url, events);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          setEvents([]);
          onCreated(created);
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : {};
          setErrors({
            url: fields.url,
            events: fields.events,
            form:
              fields.url || fields.events
                ? undefined
                : isApiError(error)
                  ? error.message
                  : WEBHOOK_TEXT.couldNotAdd,
          });
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby="webhooks-new"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Typography variant="h2" id="webhooks-new">
        {WEBHOOK_TEXT.newTitle}
      </Typography>
      <TextField
        label={WEBHOOK_TEXT.url}
        type="url"
        required
        fullWidth
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setErrors((e) => ({ ...e, url: undefined }));
        }}
        error={!!errors.url}
        helperText={errors.url ?? WEBHOOK_TEXT.urlHelp}
        slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off', spellCheck: false } }}
      />
      <FormControl
        component="fieldset"
        error={!!errors.events}
        required
        aria-describedby={errors.events ? 'webhooks-events-error' : undefined}
      >
        <FormLabel component="legend">{WEBHOOK_TEXT.events}</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {WEBHOOK_EVENTS.map((e) => (
            <FormControlLabel
              key={e.type}
              label={e.label}
              control={
                <Checkbox
                  checked={events.includes(e.type)}
                  onChange={(event) => toggle(e.type, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        {errors.events && (
          <FormHelperText id="webhooks-events-error">{errors.events}</FormHelperText>
        )}
      </FormControl>
      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={create.isPending}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {create.isPending ? WEBHOOK_TEXT.adding : WEBHOOK_TEXT.add}
      </Button>
    </Stack>
  );
}
