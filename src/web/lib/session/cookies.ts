/** Tiny cookie helpers: the session lives in cookies as the spec asks (path /, SameSite lax, Secure on https). */
export interface CookieOptions {
  maxAgeSeconds?: number;
}

const secure = () => typeof location !== 'undefined' && location.protocol === 'https:';

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (options.maxAgeSeconds !== undefined) cookie += `; max-age=${options.maxAgeSeconds}`;
  if (secure()) cookie += '; Secure';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the session in cookies
  document.cookie = cookie;
}

export function deleteCookie(name: string): void {
  setCookie(name, '', { maxAgeSeconds: 0 });
}
