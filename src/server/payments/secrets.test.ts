import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createSecrets } from './secrets';

describe('stored secrets', () => {
  const jwtSecret = 'j'.repeat(48);

  it('seal and open round-trip; the sealed text shows nothing of the secret and differs each time', () => {
    const s = createSecrets({ secretsKey: undefined, jwtSecret });
    const a = s.seal('wipay-key-123');
    expect(a).not.toContain('wipay-key-123');
    expect(s.seal('wipay-key-123')).not.toBe(a);
    expect(s.open(a)).toBe('wipay-key-123');
  });

  it('another key, or a changed byte, does not open', () => {
    const sealed = createSecrets({ secretsKey: undefined, jwtSecret }).seal('wipay-key-123');
    expect(() => createSecrets({ secretsKey: 'a'.repeat(64), jwtSecret }).open(sealed)).toThrow();
    const [iv, tag, body = ''] = sealed.split('.');
    const flipped = `${iv}.${tag}.${body.startsWith('A') ? `B${body.slice(1)}` : `A${body.slice(1)}`}`;
    expect(() => createSecrets({ secretsKey: undefined, jwtSecret }).open(flipped)).toThrow();
  });

  it('the test provider is off in production unless PAYMENTS_TEST_PROVIDER=1', () => {
    const base = { DATA_DIR: '/tmp/pay/config-test', JWT_SECRET: jwtSecret };
    expect(loadConfig(base).payments.testProvider).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).payments.testProvider).toBe(false);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PAYMENTS_TEST_PROVIDER: '1' }).payments.testProvider,
    ).toBe(true);
    expect(loadConfig({ ...base, PAYMENT_RECHECK_MINUTES: '2' }).payments.recheckAfterMinutes).toBe(2);
  });
});
