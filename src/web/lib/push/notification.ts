/*
 * What a push shows, from what the server sent: the Declarative Web Push JSON (`{"web_push":8030,"notification":{…}}`,
 * which iOS/iPadOS 18.4+ shows by itself) or the classic payload, rendered alike by our worker for every other
 * browser. Pure, so the same rules are tested without a worker.
 */

/** The magic number of a Declarative Web Push message. */
export const DECLARATIVE_PUSH = 8030;

/** Posted by the worker to an open window of the app: it navigates in place (no reload) and answers on the port. */
export const PUSH_NAVIGATE_MESSAGE = 'portal-push-navigate';

/** What is shown when a payload cannot be read: a push must always show something (iOS drops silent ones). */
export const FALLBACK_TITLE = 'You have an update';
export const FALLBACK_BODY = 'Open the app to see what changed.';
/** Where a notification without a link of ours leads. */
export const FALLBACK_URL = '/user';

export interface RenderedNotification {
  title: string;
  options: NotificationOptions & {
    data: { url: string };
    image?: string;
    renotify?: boolean;
  };
  /** The app icon's badge count, when the message sets one. */
  appBadge: number | null;
}

export interface Brand {
  /** The company's app name, for a message without a title. */
  name: string | null;
  /** The company's app icon (its brand icons, per host). */
  icon: string;
  /** The small monochrome-able icon Android shows in the status bar. */
  badge: string;
}

type Fields = Record<string, unknown>;

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * A link the app may open: only a path of this origin (absolute ones are accepted when same-origin), so a payload
 * can never send the person to another site.
 */
export function appUrl(value: unknown, origin: string): string {
  const raw = str(value);
  if (!raw) return FALLBACK_URL;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return FALLBACK_URL;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return FALLBACK_URL;
  }
}

/** The notification's fields, wherever the payload keeps them. */
function fieldsOf(payload: unknown): Fields | null {
  if (!isObject(payload)) return null;
  // Declarative (`web_push: 8030`), or a classic payload that nests them the same way.
  if (isObject(payload.notification)) return payload.notification;
  return payload;
}

/**
 * The notification for a payload (already parsed JSON, a plain text, or null when unreadable). Never silent, always
 * titled; a tag (the same for every update of one parcel or invoice) replaces the older one and alerts again.
 */
export function renderNotification(payload: unknown, brand: Brand, origin: string): RenderedNotification {
  const f = typeof payload === 'string' ? { body: payload } : fieldsOf(payload);
  const title = str(f?.title) ?? (f && str(f.body) ? (brand.name ?? FALLBACK_TITLE) : FALLBACK_TITLE);
  const body = str(f?.body) ?? (f && str(f.title) ? '' : FALLBACK_BODY);
  const url = appUrl(f?.navigate ?? f?.url ?? f?.link, origin);
  const tag = str(f?.tag);
  const image = str(f?.image);
  const lang = str(f?.lang);
  const dir = f?.dir === 'ltr' || f?.dir === 'rtl' || f?.dir === 'auto' ? f.dir : null;
  const count = f?.app_badge;
  const appBadge =
    typeof count === 'number' && Number.isInteger(count) && count >= 0
      ? count
      : typeof count === 'string' && /^\d{1,6}$/.test(count)
        ? Number(count)
        : null;
  return {
    title,
    options: {
      body,
      icon: brand.icon,
      badge: brand.badge,
      data: { url },
      // Explicitly not silent: iOS ends a subscription whose pushes show nothing.
      silent: false,
      ...(tag ? { tag, renotify: true } : {}),
      ...(image ? { image: appOrHttpsImage(image, origin) } : {}),
      ...(lang ? { lang } : {}),
      ...(dir ? { dir } : {}),
    },
    appBadge,
  };
}

/** The parcel's photo: ours, or an https image (a photo may be served from object storage). */
function appOrHttpsImage(value: string, origin: string): string | undefined {
  try {
    const url = new URL(value, origin);
    return url.origin === origin || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The payload of a push event's data: JSON when it parses, else its text, else null. */
export function readPayload(data: { json(): unknown; text(): string } | null | undefined): unknown {
  if (!data) return null;
  try {
    return data.json();
  } catch {
    try {
      const text = data.text();
      return text.trim() === '' ? null : text;
    } catch {
      return null;
    }
  }
}
