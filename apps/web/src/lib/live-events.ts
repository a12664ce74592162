import type { LiveEvent, LiveTicket } from '@prumo/contract/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestApi } from './api-client';
import { sharedQueryKeys } from './shared-query-keys';

/** Which cached lists each live topic makes stale. */
const keysByTopic: Record<LiveEvent['topic'], readonly (readonly string[])[]> = {
  notifications: [sharedQueryKeys.notifications],
  tasks: [sharedQueryKeys.tasks],
  chat: [sharedQueryKeys.chat],
  'planner-chat': [sharedQueryKeys.plannerChat],
};

const firstRetryMilliseconds = 1_000;
const longestRetryMilliseconds = 30_000;

let openStreams = 0;
let stopStream: (() => void) | null = null;

/**
 * Opens the live stream: a single-use ticket from an authenticated POST (an EventSource cannot
 * send the session header, and the session key never goes in an address), then `live/?ticket=`.
 * A dropped stream asks for a new ticket after 1 s, 2 s, 4 s… up to 30 s, and reads every list
 * again once back, since what changed meanwhile was not heard.
 */
function startStream(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let delay = firstRetryMilliseconds;
  let stopped = false;
  let reconnecting = false;

  const retry = () => {
    source?.close();
    source = null;
    if (stopped) return;
    reconnecting = true;
    retryTimer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, longestRetryMilliseconds);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    try {
      const { ticket } = await requestApi<LiveTicket>('live/ticket/', { method: 'POST' });
      if (stopped) return;
      source = new EventSource(`/api/live/?ticket=${encodeURIComponent(ticket)}`);
      source.onopen = () => {
        delay = firstRetryMilliseconds;
        if (reconnecting) {
          reconnecting = false;
          for (const keys of Object.values(keysByTopic)) {
            for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
          }
        }
      };
      source.onmessage = (message) => {
        const topic = (JSON.parse(message.data) as LiveEvent).topic;
        for (const queryKey of keysByTopic[topic] ?? []) void queryClient.invalidateQueries({ queryKey });
      };
      // A spent ticket cannot reopen the stream by itself: a new one is asked for.
      source.onerror = retry;
    } catch {
      retry();
    }
  }

  void connect();
  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    source?.close();
  };
}

/** Keeps one live stream per signed-in session, however many components ask for it. */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    openStreams += 1;
    stopStream ??= startStream(queryClient);
    return () => {
      openStreams -= 1;
      if (openStreams === 0) {
        stopStream?.();
        stopStream = null;
      }
    };
  }, [queryClient]);
}
