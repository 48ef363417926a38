/*
 * Where this device stands with web push, decided from what the browser exposes: pure functions over an
 * environment, so the prompt's states are tested without a browser.
 */
import { readJson, removeKey, writeJson } from '../storage';

/**
 * - `unsupported`: this browser cannot receive web push at all.
 * - `install-first`: iOS/iPadOS in a browser tab: push works only from the app added to the home screen.
 * - `denied`: refused (by the browser's setting, or the person's answer remembered here): say how to allow it.
 * - `ask`: not asked yet (or allowed, with no subscription on this device): offer the button.
 * - `on`: allowed, and this device has a subscription.
 */
export type PushState = 'unsupported' | 'install-first' | 'denied' | 'ask' | 'on';

export interface PushEnvironment {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS presents itself as a Mac, but with touch. */
  maxTouchPoints: number;
  /** Opened from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  /** Notification.permission, or null without the Notification API. */
  permission: NotificationPermission | null;
  /** The person refused on this device before (remembered even where the browser lets the page ask again). */
  refusedHere: boolean;
  /** This device has a push subscription. */
  subscribed: boolean;
}

export const isAppleMobile = (env: Pick<PushEnvironment, 'userAgent' | 'maxTouchPoints'>) =>
  /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1);

export function pushState(env: PushEnvironment): PushState {
  // iOS exposes push only to home-screen apps: in a tab the API is missing, and installing is the way.
  if (isAppleMobile(env) && !env.standalone) return 'install-first';
  if (!env.hasServiceWorker || !env.hasPushManager || env.permission === null) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  if (env.permission === 'granted') return env.subscribed ? 'on' : 'ask';
  return env.refusedHere ? 'denied' : 'ask';
}

/** A name the person recognises in their list of devices: "Chrome on Android", "Safari on iPhone"... */
export function deviceName(userAgent: string, maxTouchPoints = 0): string {
  const ua = userAgent;
  const browser = /Edg(A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Browser';
  const system = /iPhone|iPod/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Macintosh|Mac OS X/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  return system ? `${browser} on ${system}` : browser;
}

/** Where a refusal is remembered on this device. */
export const REFUSED_KEY = 'portal.push.refused';
export const rememberRefusal = () => writeJson(REFUSED_KEY, true);
export const forgetRefusal = () => removeKey(REFUSED_KEY);
export const refusedHere = () => readJson<boolean>(REFUSED_KEY) === true;

/** What this browser says, now (the subscription is asked of the worker's registration separately). */
export function browserEnvironment(subscribed: boolean): PushEnvironment {
  const nav = typeof navigator === 'undefined' ? null : navigator;
  const standalone =
    (typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches) ||
    (nav as (Navigator & { standalone?: boolean }) | null)?.standalone === true;
  return {
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    standalone: Boolean(standalone),
    hasServiceWorker: Boolean(nav && 'serviceWorker' in nav),
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    permission: typeof Notification === 'undefined' ? null : Notification.permission,
    refusedHere: refusedHere(),
    subscribed,
  };
}
