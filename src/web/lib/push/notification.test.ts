import { describe, expect, it } from 'vitest';
import { FALLBACK_TITLE, readPayload, renderNotification } from './notification';

const origin = 'https://portal.example.com';
const brand = { name: 'Island Express', icon: '/brand-icons/any-192.png', badge: '/brand-icons/any-192.png' };

describe('what a push shows', () => {
  it('renders the Declarative Web Push JSON as the browser would: title, body, tag, link, language, photo, badge', () => {
    const shown = renderNotification(
      {
        web_push: 8030,
        notification: {
          title: 'Package received',
          body: '1Z999AA10123456784 arrived at the warehouse.',
          navigate: `${origin}/user/packages/abc`,
          tag: 'package:abc',
          lang: 'en',
          dir: 'ltr',
          silent: false,
          image: `${origin}/v1/files/photo.jpg`,
          app_badge: 3,
        },
      },
      brand,
      origin,
    );
    expect(shown.title).toBe('Package received');
    expect(shown.options).toMatchObject({
      body: '1Z999AA10123456784 arrived at the warehouse.',
      tag: 'package:abc',
      renotify: true,
      silent: false,
      lang: 'en',
      dir: 'ltr',
      icon: brand.icon,
      badge: brand.badge,
      image: `${origin}/v1/files/photo.jpg`,
      data: { url: '/user/packages/abc' },
    });
    expect(shown.appBadge).toBe(3);
  });

  it('renders a classic payload alike (url instead of navigate)', () => {
    const shown = renderNotification(
      {
        title: 'New invoice',
        body: 'INV-0042: J$4,500.00 due 1 Dec',
        url: '/user/invoices/42',
        tag: 'invoice:42',
      },
      brand,
      origin,
    );
    expect(shown.title).toBe('New invoice');
    expect(shown.options.data.url).toBe('/user/invoices/42');
    expect(shown.options.tag).toBe('invoice:42');
  });

  it('still shows something for an unreadable or empty payload (iOS drops silent pushes)', () => {
    for (const payload of [null, 42, [], {}, { web_push: 8030 }]) {
      const shown = renderNotification(payload, brand, origin);
      expect(shown.title).toBe(FALLBACK_TITLE);
      expect(shown.options.body).not.toBe('');
      expect(shown.options.silent).toBe(false);
      expect(shown.options.data.url).toBe('/user');
    }
    // Plain text: its words, under the company's name.
    const text = renderNotification('Your parcel is ready', brand, origin);
    expect(text.title).toBe('Island Express');
    expect(text.options.body).toBe('Your parcel is ready');
  });

  it('never links out of the app, and drops a photo that is neither ours nor https', () => {
    const shown = renderNotification(
      { title: 'x', body: 'y', navigate: 'https://evil.example/phish', image: 'http://10.0.0.1/a.png' },
      brand,
      origin,
    );
    expect(shown.options.data.url).toBe('/user');
    expect(shown.options.image).toBeUndefined();
    expect(
      renderNotification({ title: 'x', url: 'javascript:alert(1)' }, brand, origin).options.data.url,
    ).toBe('/user');
  });

  it("reads a push's data as JSON, else as text, else nothing", () => {
    const data = (text: string) => ({ json: () => JSON.parse(text) as unknown, text: () => text });
    expect(readPayload(data('{"title":"a"}'))).toEqual({ title: 'a' });
    expect(readPayload(data('hello'))).toBe('hello');
    expect(readPayload(data('  '))).toBeNull();
    expect(readPayload(null)).toBeNull();
  });
});
