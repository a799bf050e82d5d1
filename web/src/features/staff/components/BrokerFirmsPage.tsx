import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { ApiError } from '../../../lib/api/errors';
import { penceToPounds, poundsToPence } from '../../application';
import { useSession } from '../../auth';
import { useBrokerFirms, useSetReferralFee } from '../api/brokerFirms';
import { brokerFirmTexts as T } from '../adminTexts';
import { STAFF_TEXTS } from '../texts';
import type { BrokerFirm } from '../types';
import { problemOf } from './useStepReport';

/**
 * /staff/broker-firms — the referral arrangements: what the firm pays each broker firm per
 * introduced client, which every quote made afterwards discloses. One card per firm, so the
 * page reads the same on a phone.
 */
export function BrokerFirmsPage() {
  const { me } = useSession();
  return (
    <Stack spacing={2}>
      <PageHeading>{T.heading}</PageHeading>
      {me?.role === 'ROLE_ADMIN' ? <FirmList /> : <Alert severity="info">{T.adminsOnly}</Alert>}
    </Stack>
  );
}

function FirmList() {
  const firms = useBrokerFirms();
  if (firms.isPending) return <Loading />;
  if (firms.isError) {
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void firms.refetch()}>{STAFF_TEXTS.tryAgain}</Button>}
      >
        {T.loadError}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{T.intro}</Typography>
      {firms.data.length === 0 && <Typography>{T.empty}</Typography>}
      {firms.data.map((firm) => (
        <FirmCard key={firm.id} firm={firm} />
      ))}
    </Stack>
  );
}

function FirmCard({ firm }: { firm: BrokerFirm }) {
  const [typed, setTyped] = useState(penceToPounds(firm.referralFee));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetReferralFee();
  const { enqueueSnackbar } = useSnackbar();
  const headingId = `firm-${firm.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = poundsToPence(typed);
    if (pence === null) {
      setProblem(T.feeInvalid);
      return;
    }
    setProblem(null);
    save.mutate(
      { firmId: firm.id, referralFee: pence },
      {
        onSuccess: () => enqueueSnackbar(T.saved(firm.name), { variant: 'success' }),
        onError: (error) =>
          setProblem(
            error instanceof ApiError
              ? (error.fields.referralFee ?? problemOf(error))
              : problemOf(error),
          ),
      },
    );
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6">
        {firm.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {T.brokers(firm.brokers)}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label={T.feeLabel}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={problem !== null}
          helperText={problem ?? T.feeHelp}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: '1 1 14rem', maxWidth: '20rem' }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          aria-label={T.saveFee(firm.name)}
          sx={{ mt: 1 }}
        >
          {T.save}
        </Button>
      </Box>
    </Paper>
  );
}
