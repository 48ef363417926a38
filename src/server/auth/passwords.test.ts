import { describe, expect, it } from 'vitest';
import { TEST_SCRYPT_LOG_N } from '../test/constants';
import { dummyPasswordHash, hashPassword, passwordWeakness, verifyPassword } from './passwords';

describe('hashPassword / verifyPassword', () => {
  it('round-trips, with a fresh salt each time and the cost stored in the hash', async () => {
    const a = await hashPassword('mango-tree-42', TEST_SCRYPT_LOG_N);
    const b = await hashPassword('mango-tree-42', TEST_SCRYPT_LOG_N);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('mango-tree-42', a)).toBe(true);
    expect(await verifyPassword('mango-tree-42', b)).toBe(true);
  });

  it('refuses a wrong password, including one differing only in case or by a space', async () => {
    const h = await hashPassword('mango-tree-42', TEST_SCRYPT_LOG_N);
    for (const wrong of ['mango-tree-43', 'Mango-tree-42', 'mango-tree-42 ', '']) {
      expect(await verifyPassword(wrong, h)).toBe(false);
    }
  });

  it('checks against the cost stored in the hash, not the current setting', async () => {
    const h = await hashPassword('mango-tree-42', 11);
    expect(h.startsWith('scrypt$2048$')).toBe(true);
    expect(await verifyPassword('mango-tree-42', h)).toBe(true);
  });

  it.each([
    '',
    'not-a-hash',
    'bcrypt$10$abc$def',
    'scrypt$1024$8$1$c2FsdA',
    'scrypt$1024$8$1$$a2V5',
    'scrypt$abc$8$1$c2FsdA$a2V5',
    'scrypt$1000$8$1$c2FsdA$a2V5',
    'scrypt$1099511627776$8$1$c2FsdA$a2V5',
  ])('says false (never throws) for the malformed stored hash %j', async (stored) => {
    await expect(verifyPassword('whatever', stored)).resolves.toBe(false);
  });

  it('keeps one dummy hash for unknown emails, which no password matches', async () => {
    const d = await dummyPasswordHash(TEST_SCRYPT_LOG_N);
    expect(await dummyPasswordHash(TEST_SCRYPT_LOG_N)).toBe(d);
    expect(await verifyPassword('', d)).toBe(false);
  });
});

describe('passwordWeakness', () => {
  it.each([
    ['password1', undefined, 'This password is too common; choose another'],
    ['PASSWORD1', undefined, 'This password is too common; choose another'],
    ['qwertyuiop', undefined, 'This password is too common; choose another'],
    ['aaaaaaaa', undefined, 'Do not repeat one character'],
    ['shanice@example.test', 'Shanice@Example.test', 'Do not use your email as your password'],
    ['Shanice.Grant', 'shanice.grant@example.test', 'Do not use your email name as your password'],
  ])('%j (email %j) is too weak', (password, email, reason) => {
    expect(passwordWeakness(password, email)).toBe(reason);
  });

  it.each([
    ['mango-tree-42', undefined],
    ['guava-jelly-2024', 'shanice@example.test'],
    ['aaaaaaab', undefined],
  ])('%j (email %j) is fine', (password, email) => {
    expect(passwordWeakness(password, email)).toBeNull();
  });
});
