import { describe, expect, it } from 'vitest';
import { isAppNavigation, isBrandAsset, isBuildInfo } from './sw-routes';

const at = (path: string) => new URL(path, 'https://portal.example');

describe('navigations served from the precached index.html', () => {
  it('covers the app routes', () => {
    for (const path of [
      '/',
      '/user',
      '/user/packages/history?page=2&status=ready',
      '/user/packages/3f2a',
      '/login?redirect=%2Fuser%2Fpackages%2Fhistory',
      '/verification/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw',
      '/developers', // not /dev
      '/apiary',
    ]) {
      expect(isAppNavigation(at(path)), path).toBe(true);
    }
  });

  it('leaves the server its own paths and files', () => {
    for (const path of [
      '/v1',
      '/v1/auth/me',
      '/api/health',
      '/docs',
      '/docs/json',
      '/dev/mailbox',
      '/manifest.webmanifest',
      '/brand-icons/any-192.png',
      '/build.json?t=1',
      '/builds/abc.json',
      '/sw.js',
      '/robots.txt',
      '/files/receipt.pdf?download=1',
    ]) {
      expect(isAppNavigation(at(path)), path).toBe(false);
    }
  });
});

describe('runtime routes', () => {
  const origin = 'https://portal.example';
  it('caches the manifest and brand icons of this origin', () => {
    expect(isBrandAsset(at('/manifest.webmanifest'), origin)).toBe(true);
    expect(isBrandAsset(at('/brand-icons/maskable-512.png'), origin)).toBe(true);
    expect(isBrandAsset(new URL('https://cdn.example/brand-icons/a.png'), origin)).toBe(false);
    expect(isBrandAsset(at('/v1/companies/me'), origin)).toBe(false);
  });
  it('answers build.json (any query) network-first', () => {
    expect(isBuildInfo(at('/build.json?t=123'), origin)).toBe(true);
    expect(isBuildInfo(at('/builds/x.json'), origin)).toBe(false);
  });
});
