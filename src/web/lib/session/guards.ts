import type { Session } from './session';

/** Where the guard sends the user, or null to let the page load. */
export type GuardDecision = null | { to: string; search?: { redirect?: string } };

const PUBLIC_EXACT = new Set(['/login', '/signup', '/forgotPassword', '/resetPassword']);
const AUTH_ENTRY = new Set(['/login', '/signup']);

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** Public: reachable without a session (the spec's list, plus the error pages). */
export function isPublicPath(pathname: string): boolean {
  const path = normalise(pathname);
  return (
    PUBLIC_EXACT.has(path) ||
    path.startsWith('/verification') ||
    path.startsWith('/invite/') ||
    // A shared pickup pass: whoever holds the link (an authorized person without an account).
    path.startsWith('/pass/') ||
    path === '/error' ||
    path.startsWith('/error/') ||
    path.startsWith('/pages/error/')
  );
}

/** Only same-site paths may be used as a post-login destination (no open redirects). */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null;
  if (target.startsWith('/\\')) return null;
  return target;
}

/** Back-office pages for the company's admins only (staff who are not admins are sent to not-authorized). */
const ADMIN_ONLY = ['/admin/settings', '/admin/staff', '/admin/rates', '/admin/duties'];

export function isAdminOnlyPath(pathname: string): boolean {
  const path = normalise(pathname);
  return ADMIN_ONLY.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Where a signed-in user starts: staff in the back office, customers in the portal. */
export function homeOf(role: string | null | undefined): string {
  return role === 'staff' || role === 'admin' ? '/admin' : '/user';
}

/**
 * The access guard, a pure function of the local session and the path (so it works offline):
 * - not authenticated: protected paths go to /login?redirect=<the page asked for>;
 * - authenticated, not verified: protected paths go to /verification;
 * - authenticated and verified: /login and /signup go to /, and / goes to the user's home (homeOf);
 * - /admin needs the staff or admin role, else /error/not-authorized; /admin/settings the admin role;
 * - /platform (the platform console) needs the platform's operator.
 */
export function decideAccess(session: Session, pathname: string, href: string = pathname): GuardDecision {
  const path = normalise(pathname);
  if (isPublicPath(path)) {
    if (session.authenticated && session.verified && AUTH_ENTRY.has(path)) return { to: '/' };
    return null;
  }
  if (!session.authenticated) {
    return path === '/' ? { to: '/login' } : { to: '/login', search: { redirect: href } };
  }
  if (!session.verified) return { to: '/verification' };
  if (path === '/') return { to: homeOf(session.role) };
  if (
    (path === '/admin' || path.startsWith('/admin/')) &&
    session.role !== 'staff' &&
    session.role !== 'admin'
  ) {
    return { to: '/error/not-authorized' };
  }
  if (isAdminOnlyPath(path) && session.role !== 'admin') return { to: '/error/not-authorized' };
  if ((path === '/platform' || path.startsWith('/platform/')) && !session.platform) {
    return { to: '/error/not-authorized' };
  }
  return null;
}
