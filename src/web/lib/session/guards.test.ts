import { describe, expect, it } from 'vitest';
import { decideAccess, isPublicPath, safeRedirect } from './guards';
import { anonymous, type Session } from './session';

const unverified: Session = {
  authenticated: true,
  verified: false,
  role: 'customer',
  userId: 'u',
  companyId: 'c',
};
const customer: Session = { ...unverified, verified: true };
const staff: Session = { ...customer, role: 'staff' };
const admin: Session = { ...customer, role: 'admin' };

describe('decideAccess', () => {
  it.each([
    '/login',
    '/signup',
    '/forgotPassword',
    '/resetPassword',
    '/verification',
    '/verification/abc123',
    '/verification/verified',
    '/error/not-found',
    '/error/not-authorized',
    '/error/server-error',
    '/pages/error/not-found',
    '/pages/error/not-authorized',
    '/pass/GgaHnx1ClhktPZ0NHLfbQfLzgMwMdOJo',
  ])('lets anyone open the public page %s', (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(decideAccess(anonymous, path)).toBeNull();
  });

  it('sends anonymous users to /login with the page they asked for', () => {
    expect(decideAccess(anonymous, '/user/invoices', '/user/invoices?page=2')).toEqual({
      to: '/login',
      search: { redirect: '/user/invoices?page=2' },
    });
    expect(decideAccess(anonymous, '/')).toEqual({ to: '/login' });
    expect(decideAccess(anonymous, '/admin/menu')).toMatchObject({ to: '/login' });
  });

  it('sends unverified users to /verification from protected pages only', () => {
    expect(decideAccess(unverified, '/user')).toEqual({ to: '/verification' });
    expect(decideAccess(unverified, '/')).toEqual({ to: '/verification' });
    expect(decideAccess(unverified, '/verification')).toBeNull();
    expect(decideAccess(unverified, '/login')).toBeNull();
  });

  it('sends verified users from /login and /signup to /, and / to /user', () => {
    expect(decideAccess(customer, '/login')).toEqual({ to: '/' });
    expect(decideAccess(customer, '/signup')).toEqual({ to: '/' });
    expect(decideAccess(customer, '/')).toEqual({ to: '/user' });
    expect(decideAccess(customer, '/user/packages/history')).toBeNull();
    expect(decideAccess(customer, '/forgotPassword')).toBeNull();
  });

  it('keeps /admin for staff and admins', () => {
    expect(decideAccess(customer, '/admin/invoice/list')).toEqual({ to: '/error/not-authorized' });
    expect(decideAccess(customer, '/admin')).toEqual({ to: '/error/not-authorized' });
    expect(decideAccess(staff, '/admin/invoice/list')).toBeNull();
    expect(decideAccess(admin, '/admin/menu/3')).toBeNull();
    expect(decideAccess(customer, '/administrator')).toBeNull();
  });

  it('keeps Company settings for admins: staff who are not admins are not authorized', () => {
    expect(decideAccess(staff, '/admin/settings')).toEqual({ to: '/error/not-authorized' });
    expect(decideAccess(staff, '/admin/settings/')).toEqual({ to: '/error/not-authorized' });
    expect(decideAccess(customer, '/admin/settings')).toEqual({ to: '/error/not-authorized' });
    expect(decideAccess(admin, '/admin/settings')).toBeNull();
    expect(decideAccess(staff, '/admin/rates')).toEqual({ to: '/error/not-authorized' });
    expect(decideAccess(staff, '/admin/duties')).toEqual({ to: '/error/not-authorized' });
    expect(decideAccess(admin, '/admin/rates')).toBeNull();
    expect(decideAccess(staff, '/admin/settingsx')).toBeNull();
  });

  it('starts staff in the back office and customers in the portal', () => {
    expect(decideAccess(staff, '/')).toEqual({ to: '/admin' });
    expect(decideAccess(admin, '/')).toEqual({ to: '/admin' });
    expect(decideAccess(staff, '/user')).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/user/fees')).toBe('/user/fees');
    expect(safeRedirect('//evil.test')).toBeNull();
    expect(safeRedirect('https://evil.test')).toBeNull();
    expect(safeRedirect('/\\evil.test')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
