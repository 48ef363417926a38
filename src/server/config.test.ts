import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SECRET = 's'.repeat(40);

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('runs with no environment at all: port 8080 on 127.0.0.1, ./data resolved, PGlite, local mail', () => {
    const c = loadConfig({ JWT_SECRET: SECRET });
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(resolve('./data'));
    expect(c.webDir).toBe(resolve('./dist/web'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.trustProxy).toBe(0);
    expect(c.corsOrigins).toEqual([]);
    expect(c.logLevel).toBe('info');
    expect(c.scryptLogN).toBe(15);
    expect(c.accessTokenTtlSeconds).toBe(900);
    expect(c.rateLimits).toEqual({ auth: 10, windowMs: 60_000, refresh: 30, failedLoginsPerAccount: 10 });
    expect(c).toMatchObject({
      production: false,
      devMailbox: 'auto',
      uploadBytesPerHour: 200 * 1024 * 1024,
      storageQuotaBytes: 10_240 * 1024 * 1024,
    });
  });

  it('reads the environment', () => {
    const dir = tempDir();
    const c = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://portal.example/',
      PLATFORM_DOMAIN: 'portals.example',
      JWT_SECRET: SECRET,
      TRUST_PROXY: 'yes',
      CORS_ORIGINS: 'https://a.test, https://b.test,',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: 'postgres://u:p@db:5432/portal',
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://portal.example',
      platformDomain: 'portals.example',
      jwtSecret: SECRET,
      trustProxy: 1,
      corsOrigins: ['https://a.test', 'https://b.test'],
      logLevel: 'warn',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET needs at least 32 characters'],
    [{ PLATFORM_DOMAIN: 'https://Portals.example' }, 'PLATFORM_DOMAIN must be a lower-case domain'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %j with an error naming the setting', (env, words) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, ...env })).toThrow(/^Invalid configuration:/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, ...env })).toThrow(words);
  });

  it('generates a JWT secret once in DATA_DIR and reuses it on the next start', () => {
    const dir = join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by the owner only
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    // Another data dir gets its own secret.
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('uses JWT_SECRET when given, without writing a file', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
    expect(existsSync(join(dir, 'jwt-secret'))).toBe(false);
  });

  it('reads REDIS_URL and the shutdown drain and timeout, refusing what is not a Redis URL', () => {
    const c = loadConfig({ JWT_SECRET: SECRET, REDIS_URL: 'redis://cache.internal:6379/0' });
    expect(c.redisUrl).toBe('redis://cache.internal:6379/0');
    expect(c.shutdownTimeoutMs).toBe(25_000);
    expect(c.shutdownDrainMs).toBe(0);
    expect(loadConfig({ JWT_SECRET: SECRET, SHUTDOWN_DRAIN_MS: '6000' }).shutdownDrainMs).toBe(6000);
    expect(() => loadConfig({ JWT_SECRET: SECRET, SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(loadConfig({ JWT_SECRET: SECRET, REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(() => loadConfig({ JWT_SECRET: SECRET, REDIS_URL: 'cache.internal:6379' })).toThrow(
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it('treats empty strings as unset', () => {
    const c = loadConfig({
      JWT_SECRET: SECRET,
      PORT: '',
      HOST: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      TRUST_PROXY: '',
      LOG_LEVEL: '',
    });
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBeUndefined();
    expect(c.platformDomain).toBeUndefined();
    expect(c.trustProxy).toBe(0);
    expect(c.logLevel).toBe('info');
  });

  it('reads TRUST_PROXY as a number of proxy hops (never "trust everything")', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(() => loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  it('lets code override parsed values (as tests do)', () => {
    const c = loadConfig({ JWT_SECRET: SECRET }, { scryptLogN: 10, rateLimits: { auth: 3, windowMs: 1000 } });
    expect(c.scryptLogN).toBe(10);
    expect(c.rateLimits).toEqual({ auth: 3, windowMs: 1000, refresh: 30, failedLoginsPerAccount: 10 });
  });

  describe('file store', () => {
    it('is the disk (DATA_DIR/files) by default', () => {
      expect(loadConfig({ JWT_SECRET: SECRET }).fileStore).toEqual({ kind: 'disk' });
      expect(loadConfig({ JWT_SECRET: SECRET, FILE_STORE: 'disk' }).fileStore).toEqual({ kind: 'disk' });
    });

    it('reads an S3-compatible server: path-style by default when S3_ENDPOINT is set', () => {
      const c = loadConfig({
        JWT_SECRET: SECRET,
        FILE_STORE: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'portal-files',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'key-secret',
      });
      expect(c.fileStore).toEqual({
        kind: 's3',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        bucket: 'portal-files',
        accessKeyId: 'key-id',
        secretAccessKey: 'key-secret',
        forcePathStyle: true,
      });
    });

    it('reads AWS itself: no endpoint, the region given, virtual-hosted style, the default credential chain', () => {
      const c = loadConfig({
        JWT_SECRET: SECRET,
        FILE_STORE: 's3',
        S3_REGION: 'eu-west-1',
        S3_BUCKET: 'portal-files',
        S3_ACCESS_KEY_ID: '',
      });
      expect(c.fileStore).toEqual({
        kind: 's3',
        endpoint: undefined,
        region: 'eu-west-1',
        bucket: 'portal-files',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
      });
    });

    it('lets S3_FORCE_PATH_STYLE say either way', () => {
      const base = { JWT_SECRET: SECRET, FILE_STORE: 's3', S3_BUCKET: 'b' };
      expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'true' }).fileStore).toMatchObject({
        forcePathStyle: true,
      });
      expect(
        loadConfig({ ...base, S3_ENDPOINT: 'http://s3.local:9000', S3_FORCE_PATH_STYLE: 'false' }).fileStore,
      ).toMatchObject({ forcePathStyle: false });
      expect(() => loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'yes please' })).toThrow(/S3_FORCE_PATH_STYLE/);
    });

    it('refuses what cannot work, saying which variable', () => {
      expect(() => loadConfig({ JWT_SECRET: SECRET, FILE_STORE: 's3' })).toThrow(
        /S3_BUCKET: S3_BUCKET is required when FILE_STORE=s3/,
      );
      expect(() => loadConfig({ JWT_SECRET: SECRET, FILE_STORE: 'ftp' })).toThrow(
        /FILE_STORE must be disk or s3/,
      );
      expect(() =>
        loadConfig({ JWT_SECRET: SECRET, FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }),
      ).toThrow(/S3_ENDPOINT/);
      expect(() =>
        loadConfig({ JWT_SECRET: SECRET, FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' }),
      ).toThrow(/S3_SECRET_ACCESS_KEY: set both/);
      // A bucket without FILE_STORE=s3 is not an error (the disk is used).
      expect(loadConfig({ JWT_SECRET: SECRET, S3_BUCKET: 'b' }).fileStore).toEqual({ kind: 'disk' });
    });
  });
});
