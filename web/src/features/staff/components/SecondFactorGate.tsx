import { Alert, Button, Stack } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Loading } from '../../../components/Loading';
import { secondFactorMachine, type SecondFactorState } from '../machines/secondFactorMachine';
import { onSecondFactorRequired } from '../secondFactor';
import { STAFF_TEXTS } from '../texts';
import { EnrolFactor } from './EnrolFactor';
import { RecoveryCodes } from './RecoveryCodes';
import { VerifyFactor } from './VerifyFactor';

/**
 * In front of every back-office page: nothing behind it is shown (or loaded) until this session
 * has proved the second factor. Once it has, the page that was asked for appears (the queue,
 * for someone who came in at /staff).
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const actor = useActorRef(secondFactorMachine);
  const state = useSelector(actor, (s) => s.value as SecondFactorState);
  const recoveryCodes = useSelector(actor, (s) => s.context.recoveryCodes);

  useEffect(() => onSecondFactorRequired(() => actor.send({ type: 'FACTOR_REQUIRED' })), [actor]);

  switch (state) {
    case 'checking':
      return <Loading label={STAFF_TEXTS.checking} />;
    case 'failed':
      return (
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Alert severity="error" role="alert">
            {STAFF_TEXTS.statusFailed}
          </Alert>
          <div>
            <Button variant="contained" onClick={() => actor.send({ type: 'RETRY' })}>
              {STAFF_TEXTS.tryAgain}
            </Button>
          </div>
        </Stack>
      );
    case 'enrolling':
      return (
        <EnrolFactor
          onConfirmed={(codes) => actor.send({ type: 'ENROLMENT_CONFIRMED', recoveryCodes: codes })}
        />
      );
    case 'showingRecoveryCodes':
      return (
        <RecoveryCodes codes={recoveryCodes} onContinue={() => actor.send({ type: 'CONTINUE' })} />
      );
    case 'verifying':
      return <VerifyFactor onVerified={() => actor.send({ type: 'VERIFIED' })} />;
    case 'ready':
      return <>{children}</>;
  }
}
