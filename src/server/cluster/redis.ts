import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { within } from '../time-limit';

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * The instance's link to Redis (REDIS_URL): one connection for commands and one for subscriptions (a subscribed
 * connection can do nothing else). `instanceId` tells this process's own publications apart from the others'.
 */
export type RedisLink = {
  client: Redis;
  subscriber: Redis;
  instanceId: string;
  /** Rejects when Redis does not answer within a second (readiness). */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Connects and checks Redis answers before the server starts: a node of a cluster that starts without it would keep
 * limits of its own. Once running, ioredis reconnects by itself; a command fails fast (one retry) instead of
 * queueing, so a Redis outage slows no request (see the callers for what each does then).
 */
export async function connectRedis(url: string, log: Log): Promise<RedisLink> {
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true } as const;
  const client = new Redis(url, options);
  const subscriber = new Redis(url, options);
  let lastError = '';
  for (const c of [client, subscriber]) {
    c.on('error', (err: Error) => {
      // ioredis emits every failed reconnect: log each kind of failure once, not every 50 ms.
      if (err.message !== lastError) log.error({ err }, 'redis connection error');
      lastError = err.message;
    });
    c.on('ready', () => {
      if (lastError) log.warn({}, 'redis connection restored');
      lastError = '';
    });
  }
  try {
    await within(
      10_000,
      `Redis at ${new URL(url).host}`,
      Promise.all([client.connect(), subscriber.connect()]),
    );
  } catch (err) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(
      `Redis at ${new URL(url).host} is unreachable (REDIS_URL): ${err instanceof Error ? err.message : err}`,
    );
  }
  return {
    client,
    subscriber,
    instanceId: randomUUID(),
    ping: async () => {
      await within(1_000, 'redis ping', client.ping());
    },
    close: async () => {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
