// Calls to the e2e server as another company's host serves them. Node does not resolve *.localhost as browsers do:
// connect to loopback and name the host in the Host header (fetch may not set Host).
import { request } from 'node:http';
import { e2ePort } from './server';

export type HostReply<T> = { status: number; success: boolean; message: string; data: T };

/** `method path` on the e2e server as `host` serves it, with a bearer token and a JSON body when given. */
export function onHost(
  host: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: string }> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: e2ePort(),
        path,
        method: init.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers: {
          host: `${host}:${e2ePort()}`,
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An API call on `host`: the status and the envelope. */
export async function apiOnHost<T = unknown>(
  host: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<HostReply<T>> {
  const res = await onHost(host, path, init);
  return { status: res.status, ...(JSON.parse(res.body) as Omit<HostReply<T>, 'status'>) };
}

/** What a host's company is, as the PWA asks before anyone signs in (404: no company there). */
export async function companyOn(host: string): Promise<{ status: number; name?: string }> {
  const reply = await apiOnHost<{ name: string } | null>(host, '/v1/companies/me');
  return { status: reply.status, ...(reply.data ? { name: reply.data.name } : {}) };
}

/** The first link of the newest mail to `to` whose subject has `subject`, as the host's local mailbox lists it. */
export async function mailLinkOn(host: string, to: string, subject: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (
      JSON.parse((await onHost(host, '/dev/mailbox.json')).body) as {
        data: { to: string; subject: string; links: string[] }[];
      }
    ).data;
    const link = mails.find((m) => m.to === to && m.subject.includes(subject))?.links[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} on ${host}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
