/*
 * Subscribing this device, sending its subscription to the server, and re-sending it on every start. The browser's
 * pieces (permission, the worker's registration, the push manager) and the server's calls come in as `PushPorts`,
 * so each step and each refusal is tested without a browser.
 */
import type { CreatePushSubscriptionBody, PushSubscriptionRow } from '../../../contract/push';
import { pushCalls } from '../../../contract/push.calls';
import { api } from '../api';
import { readJson, removeKey, writeJson } from '../storage';
import {
  browserEnvironment,
  deviceName,
  forgetRefusal,
  type PushState,
  pushState,
  rememberRefusal,
} from './support';

export interface PushPorts {
  requestPermission(): Promise<NotificationPermission>;
  /** The worker's registration; null where there is none (a development build, or no worker support). */
  registration(): Promise<ServiceWorkerRegistration | null>;
  publicKey(): Promise<string>;
  save(body: CreatePushSubscriptionBody): Promise<Pick<PushSubscriptionRow, 'id'>>;
  deviceName(): string;
}

/** How long to wait for the worker before saying push cannot work here (dev builds never register one). */
const REGISTRATION_WAIT_MS = 10_000;

async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), REGISTRATION_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export const browserPorts: PushPorts = {
  requestPermission: () => Notification.requestPermission(),
  registration: readyRegistration,
  publicKey: async () => (await api.call(pushCalls.publicKey)).public_key,
  save: (body) => api.call(pushCalls.subscribe, { body }),
  deviceName: () => deviceName(navigator.userAgent, navigator.maxTouchPoints),
};

/** The VAPID key as the push manager wants it (base64url → bytes). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The body the server stores, from a browser subscription. */
export function subscriptionBody(sub: PushSubscription, name: string): CreatePushSubscriptionBody {
  const json = sub.toJSON();
  return {
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    device_name: name,
    ...(typeof sub.expirationTime === 'number' ? { expiration_time: Math.round(sub.expirationTime) } : {}),
  };
}

/** Which row of the server's list is this device (the list names devices, not endpoints). */
const THIS_DEVICE_KEY = 'portal.push.device';
export const thisDeviceId = () => readJson<string>(THIS_DEVICE_KEY) ?? null;

async function saveSubscription(ports: PushPorts, sub: PushSubscription): Promise<void> {
  const saved = await ports.save(subscriptionBody(sub, ports.deviceName()));
  writeJson(THIS_DEVICE_KEY, saved.id);
}

export type TurnOnResult = 'on' | 'denied' | 'dismissed' | 'unsupported';

/**
 * The click's work, in the order browsers demand: the permission first (Safari and iOS refuse a subscription that
 * does not follow a user gesture), then the subscription, then the server. A refusal is remembered on this device.
 */
export async function turnOnPush(ports: PushPorts = browserPorts): Promise<TurnOnResult> {
  const permission = await ports.requestPermission();
  if (permission === 'denied') {
    rememberRefusal();
    return 'denied';
  }
  // Closed without an answer: nothing to remember, the button stays.
  if (permission !== 'granted') return 'dismissed';
  forgetRefusal();
  const registration = await ports.registration();
  if (!registration?.pushManager) return 'unsupported';
  const existing = await registration.pushManager.getSubscription();
  const sub =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(await ports.publicKey()),
    }));
  await saveSubscription(ports, sub);
  return 'on';
}

/** This device's subscription, if it has one. */
export async function currentSubscription(
  registration: () => Promise<ServiceWorkerRegistration | null> = browserPorts.registration,
): Promise<PushSubscription | null> {
  const reg = await registration();
  return (await reg?.pushManager?.getSubscription()) ?? null;
}

/** Where this device stands now (asks the worker whether it has a subscription). */
export async function currentPushState(
  ports: Pick<PushPorts, 'registration'> = browserPorts,
): Promise<PushState> {
  const first = pushState(browserEnvironment(false));
  // Only an allowed device may have a subscription worth asking the worker about.
  if (first !== 'ask' || typeof Notification === 'undefined' || Notification.permission !== 'granted') {
    return first;
  }
  const sub = await currentSubscription(ports.registration).catch(() => null);
  return pushState(browserEnvironment(sub !== null));
}

/**
 * On every start (once the first screen is up): an allowed device re-sends its subscription, so the server keeps it
 * (Chrome, Safari and Edge never fire `pushsubscriptionchange`). The same endpoint updates, never duplicates.
 */
export async function resendSubscription(ports: PushPorts = browserPorts): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  const sub = await currentSubscription(ports.registration);
  if (!sub) return false;
  await saveSubscription(ports, sub);
  return true;
}

/** Removing this device's row from the list ends the browser's subscription too (no pushes are sent to it). */
export async function unsubscribeIfThisDevice(id: string): Promise<boolean> {
  if (thisDeviceId() !== id) return false;
  removeKey(THIS_DEVICE_KEY);
  const sub = await currentSubscription().catch(() => null);
  await sub?.unsubscribe().catch(() => false);
  return true;
}
