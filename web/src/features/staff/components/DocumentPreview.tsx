import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { DocumentFrame } from '../../documents';
import { previewTexts } from '../documentTexts';
import { STAFF_TEXTS } from '../texts';

/**
 * 'Preview': the document in a dialog over the case (a PDF in the browser's viewer, a photo as
 * it is), so the firm reads it, or compares an owner's photo ID with their selfie, without
 * leaving the page. The file is fetched as a download is, and audited as one.
 */
export function PreviewButton({ documentId, name }: { documentId: number; name: string }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        size="small"
        variant="text"
        aria-label={previewTexts.button(name)}
        onClick={() => setOpen(true)}
      >
        {STAFF_TEXTS.preview}
      </Button>
      {open && (
        <Dialog
          open
          onClose={close}
          aria-labelledby={titleId}
          maxWidth="lg"
          fullWidth
          // As tall as the window allows, the frame filling what the title and Close leave:
          // the frame scrolls the document, the dialog never scrolls around the frame.
          slotProps={{ paper: { sx: { height: 'calc(100% - 64px)' } } }}
        >
          <DialogTitle id={titleId}>{name}</DialogTitle>
          <DialogContent sx={{ display: 'flex', overflow: 'hidden' }}>
            <DocumentFrame key={documentId} documentId={documentId} title={name} fill />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close}>{STAFF_TEXTS.close}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
