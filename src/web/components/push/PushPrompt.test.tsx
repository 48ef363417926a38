import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushPorts } from '../../lib/push/subscribe';
import { REFUSED_KEY } from '../../lib/push/support';
import { resetPushStateForTests } from '../../lib/push/use-push';
import { render, screen } from '../../test/render';
import { PUSH_TEXT, PushPrompt, TELL_ME_LABEL, TURN_ON_LABEL } from './PushPrompt';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1';

/** The browser as the page sees it: its permission (changed by the prompt's answer) and a worker with push. */
function browser({ ua = ANDROID, push = true, permission = 'default' as NotificationPermission } = {}) {
  let current = permission;
  const answer = vi.fn<() => Promise<NotificationPermission>>(async () => current);
  vi.stubGlobal('Notification', {
    get permission() {
      return current;
    },
    requestPermission: answer,
  });
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  if (push) {
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  }
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    toJSON: () => ({ keys: { p256dh: 'p'.repeat(20), auth: 'a'.repeat(16) } }),
  } as unknown as PushSubscription; // only what the code reads
  let subscribed: PushSubscription | null = null;
  const subscribe = vi.fn(async () => {
    subscribed = subscription;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => subscribed, subscribe },
  } as unknown as ServiceWorkerRegistration; // a fake registration: only pushManager is used
  const save = vi.fn(async () => ({ id: '5b0f5a3e-9d8c-4f7e-a1b2-c3d4e5f60718' }));
  const ports: PushPorts = {
    requestPermission: async () => {
      current = await answer();
      return current;
    },
    registration: async () => registration,
    publicKey: async () =>
      'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    save,
    deviceName: () => 'Chrome on Android',
  };
  return {
    ports,
    answer,
    subscribe,
    save,
    setAnswer: (p: NotificationPermission) => {
      answer.mockImplementation(async () => p);
    },
  };
}

beforeEach(() => {
  resetPushStateForTests();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
});

describe('the push prompt', () => {
  it('asks nothing on its own: the browser is asked only when the button is clicked, then the device is saved', async () => {
    const b = browser();
    b.setAnswer('granted');
    render(<PushPrompt place="prealert" ports={b.ports} />);
    const button = await screen.findByRole('button', { name: TELL_ME_LABEL });
    expect(b.answer).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(await screen.findByText(PUSH_TEXT.onPrealert)).toBeTruthy();
    expect(b.answer).toHaveBeenCalledTimes(1);
    expect(b.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(b.save).toHaveBeenCalledWith({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'p'.repeat(20), auth: 'a'.repeat(16) },
      device_name: 'Chrome on Android',
    });
  });

  it('remembers a refusal: the next time it explains how to allow it instead of asking again', async () => {
    const b = browser();
    b.setAnswer('denied');
    const first = render(<PushPrompt place="profile" ports={b.ports} />);
    await userEvent.click(await screen.findByRole('button', { name: TURN_ON_LABEL }));
    expect(await screen.findByText(PUSH_TEXT.deniedTitle)).toBeTruthy();
    expect(localStorage.getItem(REFUSED_KEY)).toBe('true');
    expect(b.subscribe).not.toHaveBeenCalled();
    first.unmount();

    // A new start where the browser would let the page ask again (the answer was only dismissed there).
    resetPushStateForTests();
    const again = browser();
    render(<PushPrompt place="bell" ports={again.ports} />);
    expect(await screen.findByText(PUSH_TEXT.denied)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TURN_ON_LABEL })).toBeNull();
  });

  it('keeps the button when the question was closed without an answer', async () => {
    const b = browser();
    b.setAnswer('default');
    render(<PushPrompt place="bell" ports={b.ports} />);
    await userEvent.click(await screen.findByRole('button', { name: TURN_ON_LABEL }));
    expect(await screen.findByRole('button', { name: TURN_ON_LABEL })).toBeTruthy();
    expect(localStorage.getItem(REFUSED_KEY)).toBeNull();
  });

  it('tells an iPhone in a Safari tab to add the app to the Home Screen first, with no button', async () => {
    const b = browser({ ua: IPHONE, push: false });
    render(<PushPrompt place="profile" ports={b.ports} />);
    expect(await screen.findByText(PUSH_TEXT.installTitle)).toBeTruthy();
    expect(screen.getByText(/tap Share, then Add to Home Screen/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says plainly when the browser has no push', async () => {
    const b = browser({ push: false });
    render(<PushPrompt place="profile" ports={b.ports} />);
    expect(await screen.findByText(PUSH_TEXT.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
