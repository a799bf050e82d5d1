import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';

/** Asked before leaving the start form with answers that would be lost (issue 15). */
export function LeaveStartDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="leave-start-title">
      <DialogTitle id="leave-start-title">Leave this page?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your answers have not been saved. If you leave now you will need to answer the questions
          again.
        </DialogContentText>
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
