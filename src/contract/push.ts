import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { text, textRules } from './text';

/*
 * Web push: the caller's push subscriptions (one per device) and the VAPID public key a browser subscribes with.
 * The server posts only to known push services: an endpoint must be an https URL of a push service's host (the
 * list is the server's, configurable); anything else is a 400 with a field error on `endpoint`.
 */

/** Longest endpoint accepted (real ones are ~200–500 characters). */
export const PUSH_ENDPOINT_MAX = 1000;

export const publicKeySchema = z.object({
  /** The VAPID public key (base64url), the `applicationServerKey` of `pushManager.subscribe`. */
  public_key: z.string(),
});

export const pushSubscriptionSchema = z.object({
  id: z.uuid(),
  device_name: z.string(),
  created_at: z.string(),
  /** When the app last re-sent it (every start) or a push last went to it. */
  last_used_at: z.string(),
});
export type PushSubscriptionRow = z.infer<typeof pushSubscriptionSchema>;

const base64url = (what: string) =>
  textRules(
    z
      .string({ error: () => tr(msg`Send the subscription's ${{ what }} key`) })
      .min(16, say(msg`Not a valid ${{ what }} key`))
      .max(200, say(msg`Not a valid ${{ what }} key`))
      .regex(/^[A-Za-z0-9_-]+={0,2}$/, say(msg`Not a valid ${{ what }} key`)),
  );

/**
 * What `PushSubscription.toJSON()` gives, plus a device name. Sending the same endpoint again (every app start)
 * updates that subscription instead of adding one.
 */
export const createPushSubscriptionBodySchema = z.object({
  endpoint: textRules(
    z
      .string({ error: () => tr(msg`Send the subscription endpoint`) })
      .min(1, say(msg`Send the subscription endpoint`))
      .max(PUSH_ENDPOINT_MAX, say(msg`This push endpoint is too long`)),
  ),
  keys: z.object({ p256dh: base64url('p256dh'), auth: base64url('auth') }),
  /** How the user tells their devices apart, e.g. "Pixel 8 · Chrome". */
  device_name: text().trim().min(1, say(msg`Name this device`)).max(80, say(msg`At most 80 characters`)),
  /** `PushSubscription.expirationTime` (ms since the epoch), when the browser gives one. */
  expiration_time: z.number().int().min(0).max(8_640_000_000_000_000).nullable().optional(),
});
export type CreatePushSubscriptionBody = z.input<typeof createPushSubscriptionBodySchema>;

/**
 * The payload of every push: Declarative Web Push (Safari 18.4+ shows it without running the worker); the
 * service worker renders the same JSON itself elsewhere. Always visible (`silent: false`): iOS drops subscriptions
 * that receive silent pushes.
 */
export const pushMessageSchema = z.object({
  web_push: z.literal(8030),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    /** Absolute URL of the parcel or invoice: a click focuses an open window of the app and goes there. */
    navigate: z.string(),
    /** Language-neutral: `package:<id>`, `invoice:<id>`: a newer notice replaces an older one of the same thing. */
    tag: z.string(),
    lang: z.string(),
    dir: z.enum(['ltr', 'rtl', 'auto']),
    silent: z.literal(false),
    /** The app icon's badge: the user's unread notices. */
    app_badge: z.number().int().optional(),
    /** The warehouse's photo of the parcel, where there is one (an absolute URL). */
    image: z.string().optional(),
  }),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The schemas of each call in `push.calls.ts`. */
export const pushSchemas = {
  publicKey: { response: publicKeySchema },
  list: { response: z.array(pushSubscriptionSchema) },
  subscribe: { body: createPushSubscriptionBodySchema, response: pushSubscriptionSchema },
  remove: { params: uuidParamSchema, response: z.null() },
};
