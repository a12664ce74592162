import { type LiveTopic, liveTopics } from '@prumo/domain/notifications/notifications';
import pg from 'pg';
import { liveChannel } from './live-events';

type Listener = (topic: LiveTopic) => void;

export interface LiveHub {
  /** Calls `listener` with each topic published for the user; answers how to stop. */
  subscribe(userId: number, listener: Listener): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface HubLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

function readNotice(payload: string | undefined): { userIds: number[]; topic: LiveTopic } | null {
  try {
    const parsed = JSON.parse(payload ?? '') as { userIds?: unknown; topic?: unknown };
    if (!Array.isArray(parsed.userIds) || !liveTopics.includes(parsed.topic as LiveTopic)) return null;
    return { userIds: parsed.userIds.filter(Number.isInteger) as number[], topic: parsed.topic as LiveTopic };
  } catch {
    return null;
  }
}

/**
 * One dedicated connection per process that LISTENs on `prumo_live` and hands each notice to the
 * streams of the users it names. The connection is opened with the pool's own settings (embedded
 * PostgreSQL or DATABASE_URL alike); lost, it is opened again with a growing delay (1 s to 30 s).
 * Notices sent while it was down are lost: the browser reads its lists again when its stream
 * reconnects, so nothing stays stale.
 */
export function createLiveHub(poolOptions: pg.PoolConfig, log: HubLog): LiveHub {
  const listeners = new Map<number, Set<Listener>>();
  let client: pg.Client | null = null;
  let stopped = false;
  let retryDelay = 1_000;
  let retryTimer: NodeJS.Timeout | null = null;

  function deliver(payload: string | undefined): void {
    const notice = readNotice(payload);
    if (!notice) return;
    for (const userId of notice.userIds) {
      for (const listener of listeners.get(userId) ?? []) listener(notice.topic);
    }
  }

  function dropConnection(lost: pg.Client): void {
    if (client !== lost) return;
    client = null;
    lost.end().catch(() => undefined);
    reconnectLater();
  }

  function reconnectLater(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: Error) => {
        log.error({ error: error.message }, 'live connection not opened');
        reconnectLater();
      });
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30_000);
  }

  async function connect(): Promise<void> {
    const connection = new pg.Client({ ...poolOptions, application_name: 'prumo-live' });
    connection.on('notification', (message) => {
      if (message.channel === liveChannel) deliver(message.payload);
    });
    connection.on('error', (error) => {
      log.error({ error: error.message }, 'live connection lost');
      dropConnection(connection);
    });
    connection.on('end', () => dropConnection(connection));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${liveChannel}`);
    } catch (error) {
      await connection.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await connection.end().catch(() => undefined);
      return;
    }
    client = connection;
    retryDelay = 1_000;
  }

  return {
    subscribe(userId, listener) {
      let ofUser = listeners.get(userId);
      if (!ofUser) {
        ofUser = new Set();
        listeners.set(userId, ofUser);
      }
      ofUser.add(listener);
      return () => {
        ofUser.delete(listener);
        if (ofUser.size === 0) listeners.delete(userId);
      };
    },
    start: connect,
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
