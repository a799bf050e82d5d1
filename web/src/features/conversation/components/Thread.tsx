import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import type { Conversation, ConversationThread } from '../../../lib/api/types';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { documentUrl } from '../../documents';
import { formatDateTime } from '../../../lib/format';
import { useMarkRead, type ConversationCalls } from '../api';
import { CONVERSATION_TEXTS as T } from '../texts';
import { Compose } from './Compose';

/** A thread's name: its channel's, or (to the firm) the gift donor's it is with. */
export const threadName = (t: ConversationThread) =>
  t.channel === 'DONOR' && t.donorName ? T.donorThread(t.donorName) : T.channel[t.channel];

export function Thread({
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
