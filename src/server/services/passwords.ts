import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { COMMON_PASSWORDS } from './common-passwords';

type ScryptParams = { N: number; r: number; p: number };

function scryptAsync(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes, with headroom.
    scrypt(password, salt, keylen, { ...params, maxmem: 256 * params.N * params.r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** scrypt (memory-hard), parameters stored with the hash so the cost can be raised later without breaking logins. */
export async function hashPassword(password: string, logN = 15): Promise<string> {
  const params = { N: 2 ** logN, r: 8, p: 1 };
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, saltB64, keyB64] = stored.split('$');
  if (algo !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // A damaged stored hash (or absurd cost parameters) is a failed check, never a 500 or a runaway allocation.
  if (!Number.isSafeInteger(params.N) || params.N > 2 ** 20 || params.r > 32 || params.p > 16) return false;
  const expected = Buffer.from(keyB64, 'base64url');
  if (expected.length === 0) return false;
  try {
    const key = await scryptAsync(password, Buffer.from(saltB64, 'base64url'), expected.length, params);
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

/** A hash of a random password: checked against on unknown emails so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(logN: number): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), logN);
  return dummyHash;
}

/** Returns a reason the password is too weak, or null. Length limits are the contract's; this adds what zod can't. */
export function passwordWeakness(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common; choose another';
  if (/^(.)\1+$/.test(password)) return 'Do not repeat one character';
  if (email && lower === email.toLowerCase()) return 'Do not use your email as your password';
  if (email && lower === email.split('@')[0]?.toLowerCase())
    return 'Do not use your email name as your password';
  return null;
}
