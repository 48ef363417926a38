import { MAILBOX, type Op, open } from './expectations';

/** Rows of the access matrix: The local mailbox (only without SMTP), manifest, icons, health probes and docs. */
export const PUBLIC_OPS: Record<string, Op> = {
  'GET /dev/mailbox.json': {
    rule: 'no auth, loopback callers only: the mail of the host’s company (a development tool)',
    req: () => ({ url: '/dev/mailbox.json' }),
    expect: MAILBOX,
    shows: (f) => f.victim.email,
  },
  'GET /dev/mailbox': {
    rule: 'no auth, loopback callers only: the mail of the host’s company (a development tool)',
    hidden: true,
    req: () => ({ url: '/dev/mailbox' }),
    expect: MAILBOX,
    shows: (f) => f.victim.email,
  },
  'GET /manifest.webmanifest': {
    rule: 'public: the host’s company’s install manifest (a neutral one on an unknown host)',
    hidden: true,
    req: () => ({ url: '/manifest.webmanifest' }),
    expect: open(false),
  },
  'GET /brand-icons/{name}': {
    rule: 'public: the host’s company’s icons',
    hidden: true,
    req: () => ({ url: '/brand-icons/any-192.png' }),
    expect: open(false),
  },
  'GET /healthz': {
    rule: 'public, any host: the process is alive (a load balancer asks by address)',
    hidden: true,
    req: () => ({ url: '/healthz' }),
    expect: open(false),
  },
  'GET /readyz': {
    rule: 'public, any host: the database, storage (and Redis) answer; names no data',
    hidden: true,
    req: () => ({ url: '/readyz' }),
    expect: open(false),
  },
  'GET /docs/json': {
    rule: 'public: the OpenAPI document',
    hidden: true,
    req: () => ({ url: '/docs/json' }),
    expect: open(false),
  },
};
