import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Conversation, ConversationThread } from '../../lib/api/types';
import { documentTypeLabel } from '../../lib/documentLabels';
import { UploadParts, useFileUpload } from '../application';
import { documentUrl } from '../documents';
import { formatDateTime } from '../../lib/format';
import { isApiError } from '../../lib/api/errors';
import {
  useConversation,
  useLiveConversation,
  useMarkRead,
  usePostMessage,
  type ConversationCalls,
} from './api';
import { CONVERSATION_TEXTS as T } from './texts';

/** The server's limit (engine/core/src/conversation.rs). */
export const MESSAGE_MAX = 5000;

/** A thread's name: its channel's, or (to the firm) the gift donor's it is with. */
const threadName = (t: ConversationThread) =>
  t.channel === 'DONOR' && t.donorName ? T.donorThread(t.donorName) : T.channel[t.channel];

/**
 * The case's conversation (issue 32): one tab per thread open to the reader (the server says
 * which), its messages oldest first with who wrote them and when, who has read the latest,
 * the firm's reply-time promise, and a box to write in; live, as the server tells of each
 * change. Shown to customers and brokers on the case page, to a gift donor on their gift's
 * page and to the firm in the back office.
 */
export function ConversationPanel({ calls }: { calls: ConversationCalls }) {
  const query = useConversation(calls);
  useLiveConversation(calls);
  const [chosen, setChosen] = useState<string | null>(null);
  if (query.isPending) return <Typography color="text.secondary">{T.heading}…</Typography>;
  if (query.isError) return <Typography>{T.loadError}</Typography>;
  const { threads } = query.data;
  if (threads.length === 0) return null;
  const thread = threads.find((t) => t.path === chosen) ?? threads[0];
  return (
    <Box>
      {threads.length > 1 && (
        <Tabs
          value={thread.path}
          onChange={(_, value: string) => setChosen(value)}
          aria-label={T.threads}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 1 }}
        >
          {threads.map((t) => (
            <Tab key={t.path} value={t.path} label={threadName(t)} />
          ))}
        </Tabs>
      )}
      <Thread calls={calls} conversation={query.data} thread={thread} />
    </Box>
  );
}

function Thread({
  calls,
  conversation,
  thread,
}: {
  calls: ConversationCalls;
  conversation: Conversation;
  thread: ConversationThread;
}) {
  const markRead = useMarkRead(calls);
  const last = thread.messages.at(-1);
  const lastId = last && !last.mine ? last.id : null;
  const { mutate } = markRead;
  useEffect(() => {
    if (lastId !== null) mutate({ path: thread.path, upTo: lastId });
  }, [lastId, thread.path, mutate]);
  const readers = last
    ? thread.readByOthers.filter((r) => r.lastReadMessageId >= last.id).map((r) => r.name)
    : [];
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {T.about[thread.channel]}
        {thread.promised && ` ${T.promise(conversation.replyWithinWorkingDays)}`}
      </Typography>
      {conversation.replyDueAt && thread.promised && (
        <ReplyDue at={conversation.replyDueAt} overdue={conversation.replyOverdue} />
      )}
      {thread.messages.length === 0 ? (
        <Typography>{T.none}</Typography>
      ) : (
        <Box component="ol" aria-label={threadName(thread)} sx={{ m: 0, p: 0 }}>
          {thread.messages.map((m) => (
            <Box
              component="li"
              key={m.id}
              sx={{
                listStyle: 'none',
                p: 1.5,
                mb: 1,
                borderRadius: 1,
                bgcolor: m.mine ? 'action.selected' : 'action.hover',
                ml: m.mine ? { xs: 2, sm: 6 } : 0,
                mr: m.mine ? 0 : { xs: 2, sm: 6 },
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {m.mine ? T.you : (m.authorName ?? T.formerUser)}
                {!m.mine && m.authorSide && ` (${T.side[m.authorSide]})`}
                {' · '}
                <Box component="time" dateTime={m.createdAt} sx={{ fontWeight: 400 }}>
                  {formatDateTime(m.createdAt)}
                </Box>
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Typography>
              {m.attachments.length > 0 && (
                <Stack
                  component="ul"
                  aria-label={T.attachments}
                  direction="row"
                  sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, mt: 1, p: 0 }}
                >
                  {m.attachments.map((a) => (
                    <li key={a.documentId}>
                      <Chip
                        icon={<AttachFileIcon />}
                        label={a.fileName ?? documentTypeLabel(a.documentType)}
                        component="a"
                        href={documentUrl(a.documentId)}
                        download={a.fileName ?? ''}
                        clickable
                        variant="outlined"
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
          ))}
        </Box>
      )}
      {readers.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {T.readBy(readers.join(', '))}
        </Typography>
      )}
      <Compose calls={calls} thread={thread} />
    </Stack>
  );
}

function ReplyDue({ at, overdue }: { at: string; overdue: boolean }) {
  const when = formatDateTime(at);
  return overdue ? (
    <Alert severity="warning">{T.replyOverdue(when)}</Alert>
  ) : (
    <Typography variant="body2">{T.replyDue(when)}</Typography>
  );
}

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

function Compose({ calls, thread }: { calls: ConversationCalls; thread: ConversationThread }) {
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
