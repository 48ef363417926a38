import { describe, expect, it, vi } from 'vitest';
import { DEVICE_MAX_AGE_S, deviceKeys, knownDevice, rememberDevice } from './device-cookie';

const keys = deviceKeys('a-secret-of-at-least-thirty-two-characters');

describe('device cookies', () => {
  it('knows the accounts this browser signed in to (the last five), by company and email as typed', () => {
    let cookie: string | undefined;
    for (let i = 0; i < 7; i++) cookie = rememberDevice(keys, cookie, 'c1', `user${i}@example.test`);
    expect(knownDevice(keys, cookie, 'c1', ' USER6@example.test ')).toMatch(/^[0-9a-f]{32}$/);
    expect(knownDevice(keys, cookie, 'c1', 'user2@example.test')).not.toBeNull();
    expect(knownDevice(keys, cookie, 'c1', 'user1@example.test')).toBeNull();
    expect(knownDevice(keys, cookie, 'c2', 'user6@example.test')).toBeNull();
  });

  it('gives a new nonce at each sign-in and keeps one token per account', () => {
    const a = rememberDevice(keys, undefined, 'c1', 'a@example.test');
    const b = rememberDevice(keys, a, 'c1', 'a@example.test');
    expect(b.split('~')).toHaveLength(1);
    expect(knownDevice(keys, b, 'c1', 'a@example.test')).not.toBe(
      knownDevice(keys, a, 'c1', 'a@example.test'),
    );
  });

  it('refuses a token signed with another key, edited, or older than a year', () => {
    const cookie = rememberDevice(keys, undefined, 'c1', 'a@example.test');
    expect(
      knownDevice(deviceKeys('another-secret-of-thirty-two-characters!'), cookie, 'c1', 'a@example.test'),
    ).toBe(null);
    const [body, sig] = cookie.split('.');
    const edited = Buffer.from(body ?? '', 'base64url')
      .toString()
      .replace('a@example', 'b@example');
    expect(
      knownDevice(keys, `${Buffer.from(edited).toString('base64url')}.${sig}`, 'c1', 'b@example.test'),
    ).toBe(null);
    vi.useFakeTimers({ now: Date.now() + (DEVICE_MAX_AGE_S + 60) * 1000 });
    try {
      expect(knownDevice(keys, cookie, 'c1', 'a@example.test')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
