import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../../lib/api/errors';
import type { FoundAddress } from '../../../lib/api/types';
import { runtimeConfig } from '../../../lib/config';
import { addressById, addressesAt } from '../api/lookup';
import { ADDRESS_LOOKUP_TEXTS as T } from '../texts';

type Lookup =
  | { step: 'idle' }
  | { step: 'finding' }
  | { step: 'found'; postcode: string; addresses: FoundAddress[] }
  | { step: 'chosen' }
  | { step: 'failed'; message: string; field: boolean };

function failure(error: unknown): Lookup {
  if (error instanceof ApiError && error.fields.postcode) {
    return { step: 'failed', message: error.fields.postcode, field: true };
  }
  return {
    step: 'failed',
    message: error instanceof Error ? error.message : String(error),
    field: false,
  };
}

/**
 * Postcode → a list of addresses → the chosen one, handed to `onChoose` to fill the form's
 * own address fields (which stay editable: the lookup only saves typing). Rendered only when
 * the server has an address provider; without one the form's manual fields are the way.
 * It lives inside other forms, so Enter in the postcode finds instead of submitting them.
 */
export function AddressLookup({ onChoose }: { onChoose: (address: FoundAddress) => void }) {
  const [postcode, setPostcode] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ step: 'idle' });
  const groupId = useId();
  if (!runtimeConfig().addressLookup) return null;

  const find = async () => {
    const typed = postcode.trim();
    if (!typed) {
      setLookup({ step: 'failed', message: T.postcodeRequired, field: true });
      return;
    }
    setLookup({ step: 'finding' });
    try {
      const addresses = await addressesAt(typed);
      setLookup({ step: 'found', postcode: typed.toUpperCase(), addresses });
    } catch (error) {
      setLookup(failure(error));
    }
  };
  const choose = async (id: string) => {
    try {
      onChoose(await addressById(id));
      setLookup({ step: 'chosen' });
    } catch (error) {
      setLookup(failure(error));
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void find();
    }
  };
  const fieldError = lookup.step === 'failed' && lookup.field ? lookup.message : undefined;

  return (
    <Box role="group" aria-labelledby={groupId}>
      <Typography id={groupId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {T.group}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label={T.postcode}
          value={postcode}
          autoComplete="postal-code"
          onChange={(e) => setPostcode(e.target.value)}
          onKeyDown={onKeyDown}
          error={!!fieldError}
          helperText={fieldError}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          sx={{ minWidth: { sm: 180 } }}
        />
        <Button
          type="button"
          variant="outlined"
          onClick={() => void find()}
          disabled={lookup.step === 'finding'}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {lookup.step === 'finding' ? T.finding : T.find}
        </Button>
      </Stack>
      <Box role="status" sx={{ mt: 1 }}>
        {lookup.step === 'found' &&
          (lookup.addresses.length > 0
            ? T.found(lookup.addresses.length)
            : T.none(lookup.postcode))}
        {lookup.step === 'chosen' && T.chosen}
      </Box>
      {lookup.step === 'found' && lookup.addresses.length > 0 && (
        <TextField
          select
          fullWidth
          label={T.choose}
          value=""
          onChange={(e) => void choose(e.target.value)}
          sx={{ mt: 1 }}
        >
          <MenuItem value="" disabled>
            {T.chooseOption}
          </MenuItem>
          {lookup.addresses.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.formattedAddress}
            </MenuItem>
          ))}
        </TextField>
      )}
      {lookup.step === 'failed' && !lookup.field && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {lookup.message}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {T.manual}
      </Typography>
    </Box>
  );
}
