import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (a provider's API key): AES-256-GCM with a key from SECRETS_KEY, or derived with HKDF from the JWT
 * secret that every instance of a cluster already shares, so any instance reads what another stored. A value is
 * `iv.tag.ciphertext` in base64url; a changed or foreign value fails to open (GCM's tag) instead of reading garbage.
 */
export type Secrets = { seal(plain: string): string; open(sealed: string): string };

function keyFrom(secretsKey: string | undefined, jwtSecret: string): Buffer {
  if (secretsKey) {
    const raw = /^[0-9a-f]{64}$/i.test(secretsKey)
      ? Buffer.from(secretsKey, 'hex')
      : Buffer.from(secretsKey, 'base64');
    // Anything that is not 32 bytes of key material is stretched to 32 rather than refused at start.
    if (raw.length === 32) return raw;
    return Buffer.from(hkdfSync('sha256', secretsKey, '', 'portal secrets key', 32));
  }
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'portal', 'stored secrets v1', 32));
}

export function createSecrets(opts: { secretsKey: string | undefined; jwtSecret: string }): Secrets {
  const key = keyFrom(opts.secretsKey, opts.jwtSecret);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
