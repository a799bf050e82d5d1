import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';

/** The start form's wording (issue 15). */
export const LEAVE_START_TEXT =
  'Your answers have not been saved. If you leave now you will need to answer the questions again.';

/**
 * Asked before leaving a form with answers that would be lost: the start form (issue 15) and the
 * Key Facts edit form, each with its own sentence.
 */
export function LeaveFormDialog({
  open,
  onStay,
  onLeave,
  text = LEAVE_START_TEXT,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  text?: string;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Leave this page?</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave} color="error">
          Leave
        </Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          Stay on this page
        </Button>
      </DialogActions>
    </Dialog>
  );
}
