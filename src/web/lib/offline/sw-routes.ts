/**
 * Which requests the service worker answers, as pure functions shared by sw.ts and its tests.
 * Navigations get the precached index.html, except the server's own pages and files.
 */

/** Paths whose navigations must reach the server (API, docs, dev tools, per-host manifest and icons, files). */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/v1(?:[/?]|$)/,
  /^\/api(?:[/?]|$)/,
  /^\/docs(?:[/?]|$)/,
  /^\/dev(?:[/?]|$)/,
  /^\/manifest\.webmanifest(?:\?|$)/,
  /^\/brand-icons(?:[/?]|$)/,
  /^\/builds?(?:[/.?]|$)/,
  // File-like: the last path segment ends in a short extension (sw.js, robots.txt, a download...).
  /^[^?]*\/[^/?]+\.[A-Za-z0-9]{1,8}(?:\?.*)?$/,
];

/** Workbox tests the denylist against `pathname + search`. */
export function isAppNavigation(url: URL): boolean {
  const target = url.pathname + url.search;
  return !NAVIGATION_DENYLIST.some((re) => re.test(target));
}

/** Runtime-cached (stale-while-revalidate) so the installed app's manifest, icons and logo work offline. */
export function isBrandAsset(url: URL, origin: string): boolean {
  return (
    url.origin === origin &&
    (url.pathname === '/manifest.webmanifest' ||
      url.pathname.startsWith('/brand-icons/') ||
      // The uploaded logo the header shows (branding): its URL changes with it, so a cached copy is never stale.
      url.pathname.startsWith('/brand/logo/'))
  );
}

/** The latest-build metadata, answered network-first from a one-entry cache. */
export function isBuildInfo(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname === '/build.json';
}

/** Cache names the worker owns besides Workbox's precache (older versions are deleted on activate). */
export const RUNTIME_CACHE_PREFIX = 'portal-';
export const BRAND_CACHE = `${RUNTIME_CACHE_PREFIX}brand-v1`;
export const BUILD_CACHE = `${RUNTIME_CACHE_PREFIX}build-v1`;
