import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-21T15:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('reads like a person would say it', () => {
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(4 * 86_400), now)).toBe('4 days ago');
  });

  it('gives the date after a week, and the input when it is not a date', () => {
    expect(relativeTime('2026-10-01T12:00:00Z', now)).toBe('Oct 1, 2026');
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});
