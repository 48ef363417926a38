import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A rotated refresh token keeps its successor, sealed with a key derived from the spent token itself: only a
 * client that holds the old token can open it, and a database leak yields nothing usable. This lets two tabs that
 * refresh at the same instant (they share the cookie) both get the same new token instead of one of them being
 * taken for a thief.
 */
const keyOf = (oldToken: string) => createHash('sha256').update(`refresh-successor|${oldToken}`).digest();

export function sealSuccessor(oldToken: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(oldToken), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openSuccessor(oldToken: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(oldToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
