import { useSnackbar } from 'notistack';
import {
  PREVIOUS_LEGAL_NAMES_TEXTS,
  PreviousLegalNames,
} from '../../../components/PreviousLegalNames';
import type { UserDetails } from '../api/getUserDetails';
import { useDeleteLegalName } from '../api/deleteLegalName';

/** The legal names the user had before, each with the day it ended; each can be removed. */
export function PreviousNames({ details }: { details: UserDetails }) {
  const remove = useDeleteLegalName();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <PreviousLegalNames
      names={details.legalNames}
      headingId="settings-previous-names"
      pending={remove.isPending}
      onDelete={(id) =>
        remove.mutate(id, {
          onSuccess: () =>
            enqueueSnackbar(PREVIOUS_LEGAL_NAMES_TEXTS.deleted, { variant: 'success' }),
          onError: () =>
            enqueueSnackbar(PREVIOUS_LEGAL_NAMES_TEXTS.deleteFailed, { variant: 'error' }),
        })
      }
    />
  );
}
