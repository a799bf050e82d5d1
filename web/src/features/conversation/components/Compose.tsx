import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ConversationThread } from '../../../lib/api/types';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { UploadParts, useFileUpload } from '../../application';
import { isApiError } from '../../../lib/api/errors';
import { usePostMessage, type ConversationCalls } from '../api';
import { CONVERSATION_TEXTS as T } from '../texts';

/** The server's limit (engine/core/src/conversation.rs). */
export const MESSAGE_MAX = 5000;

/** The most files one message carries (engine/core/src/conversation.rs). */
export const ATTACHMENTS_MAX = 5;

/** A document going with the message being written. */
interface Attached {
  documentId: number;
  fileName: string;
}

/** A document's name in the message box: its file's, or its type's. */
const fileLabel = (d: { fileName?: string | null; documentType: string }) =>
  d.fileName ?? documentTypeLabel(d.documentType);

export function Compose({
  calls,
  thread,
}: {
  calls: ConversationCalls;
  thread: ConversationThread;
}) {
  const { path } = thread;
  const post = usePostMessage(calls);
  const { enqueueSnackbar } = useSnackbar();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState<Attached[]>([]);
  const [choosing, setChoosing] = useState<HTMLElement | null>(null);
  // The case's documents the server lets travel in this thread, not yet attached.
  const choices = thread.attachable.filter(
    (d) => !attached.some((a) => a.documentId === d.documentId),
  );
  // Uploaded first as the case's CORRESPONDENCE, as every upload of the app (size, progress,
  // errors in words); the message then carries its id.
  const upload = useFileUpload();
  const [uploadingName, setUploadingName] = useState('');
  const { caseRef } = calls;
  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    if (!caseRef) return;
    setUploadingName(event.target.files?.[0]?.name ?? '');
    const uploaded = await upload.uploadChosen(event, (file) => ({
      ...caseRef,
      documentType: 'CORRESPONDENCE',
      file,
    }));
    if (uploaded) {
      setAttached((files) => [
        ...files,
        { documentId: uploaded.documentId, fileName: uploaded.fileName },
      ]);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError('Enter a message');
    if (text.length > MESSAGE_MAX) return setError(`At most ${MESSAGE_MAX} characters`);
    setError(null);
    post.mutate(
      { path, body: text, attachments: attached.map((d) => d.documentId) },
      {
        onSuccess: () => {
          setBody('');
          setAttached([]);
          enqueueSnackbar(T.sent, { variant: 'success' });
        },
        onError: (e) =>
          setError((isApiError(e) && (e.fields.body ?? e.fields.attachments)) || e.message),
      },
    );
  };
  const full = attached.length >= ATTACHMENTS_MAX;
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <TextField
        label={T.label}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        error={error !== null}
        helperText={error ?? T.count(body.length, MESSAGE_MAX)}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
      />
      {attached.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {attached.map((d) => {
            const name = d.fileName;
            return (
              <Stack key={d.documentId} direction="row" sx={{ alignItems: 'center' }}>
                <Chip icon={<AttachFileIcon />} label={name} />
                <IconButton
                  size="small"
                  aria-label={T.detach(name)}
                  onClick={() => setAttached((files) => files.filter((f) => f !== d))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Stack>
            );
          })}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={post.isPending || upload.uploading}>
          {post.isPending ? T.sending : T.send}
        </Button>
        {caseRef && (
          <Button
            variant="outlined"
            startIcon={<AttachFileIcon />}
            disabled={full || upload.uploading}
            onClick={() => upload.inputRef.current?.click()}
          >
            {T.attach}
          </Button>
        )}
        {choices.length > 0 && (
          <>
            <Button
              variant="outlined"
              disabled={full || upload.uploading}
              aria-haspopup="menu"
              onClick={(e) => setChoosing(e.currentTarget)}
            >
              {T.choose}
            </Button>
            <Menu anchorEl={choosing} open={choosing !== null} onClose={() => setChoosing(null)}>
              {choices.map((d) => (
                <MenuItem
                  key={d.documentId}
                  onClick={() => {
                    setAttached((files) => [
                      ...files,
                      { documentId: d.documentId, fileName: fileLabel(d) },
                    ]);
                    setChoosing(null);
                  }}
                >
                  {T.choice(fileLabel(d), documentTypeLabel(d.documentType))}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
        {full && (
          <Typography variant="body2" color="text.secondary">
            {T.attachLimit(ATTACHMENTS_MAX)}
          </Typography>
        )}
      </Stack>
      {caseRef && (
        <UploadParts
          upload={upload}
          inputLabel={T.attach}
          progressLabel={T.attaching(uploadingName)}
          progressText={() => T.attaching(uploadingName)}
          onFile={(event) => void attach(event)}
        />
      )}
    </Box>
  );
}
