import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * Reads a query again whenever the server says what it shows changed: the server-sent events
 * at `url` (`changed`, no data), which reconnect by themselves. Nothing but the fact travels;
 * the query's own call makes every check. Where the browser has no EventSource, the query's
 * polling remains. `url` null: not listening (signed out). `queryKey` must keep its identity
 * between renders, or the stream is opened again each time.
 *
 * Only while the page is visible: over HTTP/1.1 a browser holds six connections per server,
 * and a stream held by every background tab would leave the foreground one none. A tab shown
 * again refetches its stale queries on focus, and listens again.
 */
export function useChangeEvents(url: string | null, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  useEffect(() => {
    if (url === null || !visible || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    const changed = () => void queryClient.invalidateQueries({ queryKey });
    source.addEventListener('changed', changed);
    return () => source.close();
  }, [url, visible, queryKey, queryClient]);
}

function usePageVisible(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
    () => document.visibilityState !== 'hidden',
  );
}
