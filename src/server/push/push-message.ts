import { directionOf } from '../../contract/locales';
import type { NotificationEvent } from '../../contract/profile';
import type { PushMessage } from '../../contract/push';
import { currentLocale } from '../i18n';

/** What a notice adds for its push: the moment it tells (the user's preferences decide) and its tag. */
export type PushNotice = {
  event: NotificationEvent;
  /** Language-neutral, so a newer push about the same thing replaces the older one: `package:<id>`, `invoice:<id>`. */
  tag: string;
  /** An absolute URL of an image (the parcel's photo) where the platform shows one. */
  image?: string;
};

/** The Declarative Web Push message of a notice (contract/push.ts): the bell's title and body, a link to open. */
export function pushMessageOf(
  notice: { title: string; body: string; link: string },
  push: PushNotice,
  origin: string,
  unread: number,
): PushMessage {
  return {
    web_push: 8030,
    notification: {
      title: notice.title,
      body: notice.body,
      navigate: new URL(notice.link, origin).toString(),
      tag: push.tag,
      // Written in the recipient's language (the notice's `withLocale`).
      lang: currentLocale(),
      dir: directionOf(currentLocale()),
      silent: false,
      app_badge: unread,
      ...(push.image ? { image: push.image } : {}),
    },
  };
}

/** A held parcel cannot wait: it is pushed with high urgency (the device is woken), the rest normal. */
export const urgencyOf = (event: NotificationEvent): 'high' | 'normal' =>
  event === 'package_held' ? 'high' : 'normal';
