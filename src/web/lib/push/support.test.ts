import { describe, expect, it } from 'vitest';
import { deviceName, type PushEnvironment, pushState } from './support';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Safari/605.1.15';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const env = (over: Partial<PushEnvironment> = {}): PushEnvironment => ({
  userAgent: ANDROID_CHROME,
  maxTouchPoints: 5,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  permission: 'default',
  refusedHere: false,
  subscribed: false,
  ...over,
});

describe('where this device stands with push', () => {
  it('offers the button until asked, and says "on" once subscribed', () => {
    expect(pushState(env())).toBe('ask');
    expect(pushState(env({ permission: 'granted' }))).toBe('ask');
    expect(pushState(env({ permission: 'granted', subscribed: true }))).toBe('on');
  });

  it("remembers a refusal even where the browser would let the page ask again, and follows the browser's block", () => {
    expect(pushState(env({ refusedHere: true }))).toBe('denied');
    expect(pushState(env({ permission: 'denied' }))).toBe('denied');
    // Allowed later in the browser's settings: the refusal no longer stands.
    expect(pushState(env({ refusedHere: true, permission: 'granted', subscribed: true }))).toBe('on');
  });

  it('tells iPhone and iPad (which says it is a Mac) to install first, unless opened from the home screen', () => {
    const tab = { hasPushManager: false, permission: null };
    expect(pushState(env({ userAgent: IPHONE_SAFARI, ...tab }))).toBe('install-first');
    expect(pushState(env({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5, ...tab }))).toBe('install-first');
    expect(pushState(env({ userAgent: IPHONE_SAFARI, standalone: true }))).toBe('ask');
    // A real Mac (no touch) is a desktop browser.
    expect(pushState(env({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 }))).toBe('ask');
  });

  it('says plainly when the browser has no push', () => {
    expect(pushState(env({ hasPushManager: false }))).toBe('unsupported');
    expect(pushState(env({ hasServiceWorker: false }))).toBe('unsupported');
    expect(pushState(env({ permission: null }))).toBe('unsupported');
  });

  it('names the device from its browser and system', () => {
    expect(deviceName(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(deviceName(IPHONE_SAFARI)).toBe('Safari on iPhone');
    expect(deviceName(IPAD_AS_MAC, 5)).toBe('Safari on iPad');
    expect(deviceName(IPAD_AS_MAC, 0)).toBe('Safari on Mac');
    expect(deviceName(WINDOWS_EDGE)).toBe('Edge on Windows');
    expect(deviceName(LINUX_FIREFOX)).toBe('Firefox on Linux');
  });
});
