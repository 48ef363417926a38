import { writeWatchOf } from '../db/writes';
import type { RedisLink } from './redis';

const CHANNEL = 'portal:writes';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Tells the other instances which cached tables this one wrote, through Redis pub/sub, so a changed company, user
 * or status list is seen everywhere at once instead of after the lookup caches' TTL. Only tables a lookup watches
 * are published (not every insert of a busy server). A publication that fails is logged; the TTL still bounds how
 * long another instance can serve the old row.
 */
export async function shareWrites(db: object, link: RedisLink, log: Log): Promise<() => void> {
  const watch = writeWatchOf(db);
  if (!watch) return () => {};
  const untap = watch.tap((tables, origin) => {
    if (origin !== 'local') return;
    const shared = [...tables].filter((t) => watch.watched.has(t));
    if (shared.length === 0) return;
    link.client
      .publish(CHANNEL, JSON.stringify({ from: link.instanceId, tables: shared }))
      .catch((err: unknown) => log.warn({ err }, 'could not tell the other instances of a write'));
  });
  const onMessage = (channel: string, message: string) => {
    if (channel !== CHANNEL) return;
    try {
      const m = JSON.parse(message) as { from?: unknown; tables?: unknown };
      if (m.from === link.instanceId || !Array.isArray(m.tables)) return;
      watch.notify(
        m.tables.filter((t): t is string => typeof t === 'string'),
        'remote',
      );
    } catch {
      // not ours: ignore
    }
  };
  link.subscriber.on('message', onMessage);
  await link.subscriber.subscribe(CHANNEL);
  return () => {
    untap();
    link.subscriber.off('message', onMessage);
  };
}
