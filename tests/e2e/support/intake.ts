// Warehouse intake through the API, for journeys that need a parcel received (the form is multipart).
import { e2ePort } from './server';

export type ReceiveReply<T> = {
  status: number;
  success: boolean;
  message: string;
  data: T;
  errors?: Record<string, string[]>;
};

/** POST /v1/admin/packages/receive as `token`: the fields as typed, an optional photo, an optional Idempotency-Key. */
export async function apiReceive<T = { id: string; status: string }>(
  token: string,
  fields: Record<string, string | number>,
  opts: { photo?: { name: string; bytes: Uint8Array; type: string }; key?: string } = {},
): Promise<ReceiveReply<T>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (opts.photo) {
    form.append(
      'photo',
      new Blob([new Uint8Array(opts.photo.bytes)], { type: opts.photo.type }),
      opts.photo.name,
    );
  }
  const res = await fetch(`http://127.0.0.1:${e2ePort()}/v1/admin/packages/receive`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    body: form,
  });
  const body = (await res.json()) as Omit<ReceiveReply<T>, 'status'>;
  return { status: res.status, ...body };
}
