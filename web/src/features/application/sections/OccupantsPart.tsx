import { Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { useDeletePropertyOccupant } from '../api/deletePropertyOccupant';
import { useSavePropertyOccupant } from '../api/savePropertyOccupant';
import { YesNoField } from '../components/fields';
import { ownersFailureText } from '../components/FormError';
import { SaveStatus } from '../components/SaveStatus';
import { OWNERS_TEXTS } from '../ownersTexts';
import { cardSx, h2Sx } from './ownersControls';
import { PeopleList, PersonForm } from './peopleControls';

/** The other adults living at a remortgaged property. */
export function OccupantsPart({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
}) {
  const T = OWNERS_TEXTS;
  const headingId = useId();
  const save = useSavePropertyOccupant(caseId);
  const remove = useDeletePropertyOccupant(caseId);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const occupants = expanded.occupants;
  // The answer shows at once and stays while it is saved and the case is fetched again; when
  // the server's answer changes (that save, or someone else's), it takes over. A refusal puts
  // the server's answer back.
  const saved = expanded.hasAdultOccupants ?? null;
  const [answer, setAnswer] = useState<boolean | null>(saved);
  const [lastSaved, setLastSaved] = useState<boolean | null>(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    setAnswer(saved);
  }
  const answering = save.isPending && !!save.variables && !save.variables.occupant;

  const onAnswer = (value: boolean) => {
    setAnswerError(null);
    setAnswer(value);
    save.mutate(
      { hasAdultOccupants: value },
      {
        onError: (error) => {
          setAnswer(saved);
          setAnswerError(ownersFailureText(error));
        },
      },
    );
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={cardSx}>
      <Typography id={headingId} variant="h2" sx={h2Sx}>
        {T.occupantsHeading}
      </Typography>
      <YesNoField
        name="has-adult-occupants"
        legend={T.occupantsQuestion}
        hint={T.occupantsHelp}
        value={answer}
        onChange={onAnswer}
        disabled={answering}
        error={answerError ?? undefined}
      />
      <SaveStatus saving={answering} />
      {(answer === true || occupants.length > 0) && (
        <>
          <PeopleList
            label={T.occupantsListLabel}
            empty={T.noOccupants}
            people={occupants}
            confirmTitle={T.occupantRemoveTitle}
            confirmBody={T.occupantRemoveBody}
            remove={remove}
          />
          <PersonForm
            heading={T.addOccupantHeading}
            submitLabel={T.addOccupant}
            add={(occupant) => save.mutateAsync({ hasAdultOccupants: true, occupant })}
          />
        </>
      )}
    </Stack>
  );
}
