import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { PageHeading } from '../../../components/PageHeading';
import { isApiError } from '../../../lib/api/errors';
import type { ChatMessage } from '../../../lib/api/types';
import { useSendMessages } from '../api/sendMessage';
import { ASSISTANT_TEXTS, QUESTION_LIMIT } from '../texts';

const NETWORK_ERROR = 'We could not reach Threshold. Check your connection.';

/** One message of the conversation: who said it, then what they said. */
function Message({ message, pending = false }: { message: ChatMessage; pending?: boolean }) {
  const mine = message.role === 'user';
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', mb: 1.5 }}
    >
      <Paper
        variant="outlined"
        sx={{
          px: 2,
          py: 1,
          maxWidth: { xs: '100%', sm: '85%' },
          bgcolor: mine ? 'action.hover' : 'background.paper',
          opacity: pending ? 0.7 : 1,
        }}
      >
        <Typography variant="subtitle2" component="p">
          {mine ? ASSISTANT_TEXTS.you : ASSISTANT_TEXTS.assistant}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Typography>
      </Paper>
    </Box>
  );
}

/**
 * /assistant (HELP-03; users with AI_BOT only, the router redirects the rest): a conversation
 * with the assistant about how cases proceed. The conversation lives in this page only; each
 * question sends its last 20 messages. While an answer is awaited the question shows in the
 * list; if it fails, it goes back into the box with the reason, so nothing typed is lost.
 */
export function AssistantPage() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lastReply, setLastReply] = useState('');
  const mutation = useSendMessages();
  const busy = mutation.isPending;
  const pending = busy ? mutation.variables?.at(-1) : undefined;
  const listLabelId = useId();
  const hintId = useId();

  const send = () => {
    const text = question.trim();
    if (busy || text === '') return;
    if (text.length > QUESTION_LIMIT) {
      setError(ASSISTANT_TEXTS.tooLong);
      return;
    }
    const conversation: ChatMessage[] = [...messages, { role: 'user', content: text }];
    setError(null);
    setQuestion('');
    mutation.mutate(conversation, {
      onSuccess: (answer) => {
        setMessages([...conversation, { role: 'assistant', content: answer.reply }]);
        setLastReply(answer.reply);
      },
      onError: (failure) => {
        setQuestion((typed) => (typed === '' ? text : typed));
        const reason = isApiError(failure) ? failure.message : NETWORK_ERROR;
        setError(`${ASSISTANT_TEXTS.failed} ${reason} ${ASSISTANT_TEXTS.retry}`);
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter sends; Shift+Enter is a new line (and Enter while composing text is the IME's).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760, minWidth: 0 }}>
      <Box>
        <PageHeading>{ASSISTANT_TEXTS.title}</PageHeading>
        <Typography>{ASSISTANT_TEXTS.intro}</Typography>
      </Box>

      <Box component="section" aria-labelledby={listLabelId} aria-busy={busy}>
        <Typography id={listLabelId} component="h2" sx={visuallyHidden}>
          {ASSISTANT_TEXTS.conversation}
        </Typography>
        {messages.length === 0 && !pending ? (
          <Typography color="text.secondary">{ASSISTANT_TEXTS.empty}</Typography>
        ) : (
          <Box component="ul" aria-labelledby={listLabelId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {messages.map((message, index) => (
              <Message key={index} message={message} />
            ))}
            {pending && <Message message={pending} pending />}
          </Box>
        )}
        {busy && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={20} aria-label={ASSISTANT_TEXTS.sending} />
            <Typography color="text.secondary">{ASSISTANT_TEXTS.sending}</Typography>
          </Box>
        )}
      </Box>
      {/* The newest answer, read out once it arrives. */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {lastReply}
      </Box>

      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}

      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={1}>
          <TextField
            label={ASSISTANT_TEXTS.questionLabel}
            multiline
            minRows={2}
            maxRows={8}
            fullWidth
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            onKeyDown={onKeyDown}
            slotProps={{
              htmlInput: { maxLength: QUESTION_LIMIT, 'aria-describedby': hintId },
            }}
          />
          <Box
            id={hintId}
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
          >
            <Typography variant="body2" color="text.secondary">
              {ASSISTANT_TEXTS.questionHint}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {question.length}/{QUESTION_LIMIT}
            </Typography>
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {ASSISTANT_TEXTS.send}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Stack>
  );
}
