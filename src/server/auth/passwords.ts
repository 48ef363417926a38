import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { msg } from '@lingui/core/runtime-macro';
import { ApiError } from '../errors';
import { t } from '../i18n';
import { COMMON_PASSWORDS } from './common-passwords';

type ScryptParams = { N: number; r: number; p: number };

/**
 * scrypt runs on libuv's thread pool, the same 4 threads that serve file reads and writes; a flood of logins used to
 * take all of them (and both cores), so file downloads and cheap reads waited seconds behind it. Hashes run at most
 * `KDF_CONCURRENCY` at a time (one core's worth is left to everything else), the rest wait in a bounded queue, and
 * past that the server says it is busy (503) rather than piling up work a client will have given up on.
 */
// KDF_CONCURRENCY in the environment is a bench knob (tests/bench/login-flood.ts runs it unbounded for "before").
export const KDF_CONCURRENCY = Number(process.env.KDF_CONCURRENCY) || Math.max(1, availableParallelism() - 1);
const KDF_QUEUE_MAX = 64;
let running = 0;
const waiting: (() => void)[] = [];

async function withKdfSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= KDF_CONCURRENCY) {
    if (waiting.length >= KDF_QUEUE_MAX) {
      throw new ApiError(503, msg`The server is busy; try again in a moment`, undefined, {
        'retry-after': '2',
      });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** For the login-flood bench: how many hashes run and wait right now. */
export const kdfLoad = () => ({ running, waiting: waiting.length });

function scryptAsync(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  return withKdfSlot(() => scryptRaw(password, salt, keylen, params));
}

function scryptRaw(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
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
  } catch (err) {
    if (err instanceof ApiError) throw err; // busy: not a wrong password
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
  if (COMMON_PASSWORDS.has(lower)) return t(msg`This password is too common; choose another`);
  if (/^(.)\1+$/.test(password)) return t(msg`Do not repeat one character`);
  if (email && lower === email.toLowerCase()) return t(msg`Do not use your email as your password`);
  if (email && lower === email.split('@')[0]?.toLowerCase())
    return t(msg`Do not use your email name as your password`);
  return null;
}
