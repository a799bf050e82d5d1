import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useConversation, useLiveConversation, type ConversationCalls } from './api';
import { threadName, Thread } from './components/Thread';
import { CONVERSATION_TEXTS as T } from './texts';

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
