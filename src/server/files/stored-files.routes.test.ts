import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Received } from '../../contract/intake';
import type { PackageDetail, Prealert, Receipt } from '../../contract/packages';
import { files } from '../db/schema';
import type { Session } from '../test/access';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching } from '../test/helpers';
import { multipart, PDF, PNG } from '../test/multipart';
import { type Page, prealertFields } from '../test/packages';
import { startS3Server, type TestS3Server } from '../test/s3-server';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A PDF of `size` bytes: the PDF header, then noise (the type is sniffed from the first bytes). */
const pdfOf = (size: number) => Buffer.concat([PDF, randomBytes(size - PDF.length)]);

async function fileRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(files).where(eq(files.id, id)).limit(1);
  if (!row) throw new Error(`no file row ${id}`);
  return row;
}

async function sendPrealert(t: TestApp, token: string, bytes: Buffer, tracking: string) {
  const body = await multipart(prealertFields(tracking), [{ name: 'invoice.pdf', bytes }]);
  return t.request({ method: 'POST', url: '/v1/peralert', token, ...body });
}

describe('stored files on S3 (s3rver), through the API', () => {
  let s3: TestS3Server;
  let client: S3Client;
  let t: TestApp;
  let customer: Session;
  let clerk: Session;

  const objectSize = async (key: string): Promise<number | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (err) {
      if ((err as S3ServiceException).$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  };
  const stagedKeys = async () =>
    (
      (await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: '.staging/' }))).Contents ?? []
    ).map((o) => o.Key);

  beforeAll(async () => {
    s3 = await startS3Server();
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    t = await createTestApp({ env: s3.env });
    customer = await t.login(DEMO.customer.email, DEMO.customer.password);
    clerk = await t.login(DEMO.clerk.email, DEMO.clerk.password);
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.close();
  });

  it('keeps the files in the bucket, not in DATA_DIR; the store is ready', async () => {
    expect(t.config.fileStore).toMatchObject({ kind: 's3', bucket: s3.bucket, forcePathStyle: true });
    await expect(t.app.services.fileStore.check()).resolves.toBeUndefined();
    const res = expectOk<Prealert>(await sendPrealert(t, customer.access, PDF, 'S3-PLACE-1'), 201);
    const row = await fileRow(t, res.files[0]?.id ?? '');
    expect(await objectSize(row.storageKey)).toBe(PDF.length);
    expect(readdirSync(t.config.dataDir)).not.toContain('files');
  });

  it('serves the demo files, written to the bucket at start', async () => {
    const [demo] = await t.database.db
      .select()
      .from(files)
      .where(and(like(files.storageKey, 'demo/%'), eq(files.ownerId, customer.userId)))
      .limit(1);
    if (!demo) throw new Error('the demo customer has no demo file');
    expect(await objectSize(demo.storageKey)).toBe(demo.sizeBytes);
    const res = await t.request({ method: 'GET', url: `/v1/files/${demo.id}`, token: customer.access });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha256(res.rawPayload)).toBe(demo.sha256);
  });

  it.each([
    ['1,024 B', 1024],
    ['~100 KiB', 100 * 1024 + 3],
    ['6 MiB (a multipart upload)', 6 * 1024 * 1024 + 11],
  ])('uploads %s and downloads the same bytes; the bucket holds exactly that many', async (_label, size) => {
    const bytes = pdfOf(size);
    const p = expectOk<Prealert>(await sendPrealert(t, customer.access, bytes, `S3-RT-${size}`), 201);
    const file = p.files[0];
    if (!file) throw new Error('no file');
    expect(file.size_bytes).toBe(size);
    const row = await fileRow(t, file.id);
    expect(row.sha256).toBe(sha256(bytes));
    expect(await objectSize(row.storageKey)).toBe(size);
    const dl = await t.request({ method: 'GET', url: `${file.url}?download=1`, token: customer.access });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-length']).toBe(String(size));
    expect(sha256(dl.rawPayload)).toBe(sha256(bytes));
    expect(await stagedKeys()).toEqual([]);
  });

  it('refuses a file over the limit (413) and leaves nothing staged', async () => {
    const res = await sendPrealert(t, customer.access, pdfOf(11 * 1024 * 1024), 'S3-BIG-1');
    expectError(res, 413);
    expect(await stagedKeys()).toEqual([]);
  });

  it('deleting a receipt deletes its object', async () => {
    const pkg = expectOk<Page<{ id: string }>>(
      await t.request({ method: 'GET', url: '/v1/packages?status=in_transit', token: customer.access }),
    ).items[0];
    if (!pkg) throw new Error('no package');
    const body = await multipart({ package_id: pkg.id, update_by: customer.userId }, [
      { name: 'receipt.png', bytes: PNG },
    ]);
    const [receipt] = expectOk<Receipt[]>(
      await t.request({ method: 'POST', url: '/v1/packagereceipts', token: customer.access, ...body }),
      201,
    );
    if (!receipt) throw new Error('no receipt');
    const row = await fileRow(t, receipt.file.id);
    expect(await objectSize(row.storageKey)).toBe(PNG.length);
    expectOk(
      await t.request({ method: 'DELETE', url: `/v1/packagereceipts/${receipt.id}`, token: customer.access }),
    );
    expect(await objectSize(row.storageKey)).toBeNull();
    const detail = expectOk<PackageDetail>(
      await t.request({ method: 'GET', url: `/v1/packages/${pkg.id}`, token: customer.access }),
    );
    expect(detail.receipts.map((r) => r.id)).not.toContain(receipt.id);
  });

  it('answers 404 (the envelope, never a 500) for a row whose object was removed behind its back', async () => {
    const p = expectOk<Prealert>(await sendPrealert(t, customer.access, PDF, 'S3-GONE-1'), 201);
    const file = p.files[0];
    if (!file) throw new Error('no file');
    const row = await fileRow(t, file.id);
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: row.storageKey }));
    expectError(
      await t.request({ method: 'GET', url: file.url, token: customer.access }),
      404,
      'File not found',
    );
  });

  it("mails the intake photo from the bucket with the customer's notification", async () => {
    const tracking = `S3INTAKE${Date.now().toString(36).toUpperCase()}`;
    const profile = expectOk<{ mailbox_number: string; email: string }>(
      await t.request({ method: 'GET', url: '/v1/profile', token: customer.access }),
    );
    const body = await multipart(
      { tracking_number: tracking, weight: '1.5', mailbox_number: profile.mailbox_number },
      [{ name: 'parcel.png', bytes: PNG, type: 'image/png', field: 'photo' }],
    );
    const got = expectOk<Received>(
      await t.request({ method: 'POST', url: '/v1/admin/packages/receive', token: clerk.access, ...body }),
      201,
    );
    expect(got.receipts).toHaveLength(1);
    const mail = await mailMatching(t, DEMO.customer.email, new RegExp(tracking));
    expect(mail?.attachments).toEqual([
      { filename: 'parcel.png', contentType: 'image/png', size: PNG.length },
    ]);
    const attached = await t.request({ method: 'GET', url: `/dev/mailbox/${mail?.id}/attachments/0` });
    expect(attached.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('stored files on disk: a missing file', () => {
  let t: TestApp;
  let customer: Session;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await t.login(DEMO.customer.email, DEMO.customer.password);
  });
  afterAll(() => t?.close());

  it('answers 404 (the envelope, before any header of the file) when the bytes are gone', async () => {
    const p = expectOk<Prealert>(await sendPrealert(t, customer.access, PDF, 'DISK-GONE-1'), 201);
    const file = p.files[0];
    if (!file) throw new Error('no file');
    const ok = await t.request({ method: 'GET', url: file.url, token: customer.access });
    expect(ok.rawPayload.equals(PDF)).toBe(true);
    const row = await fileRow(t, file.id);
    rmSync(join(t.config.dataDir, 'files', row.storageKey));
    const res = await t.request({ method: 'GET', url: file.url, token: customer.access });
    expectError(res, 404, 'File not found');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(t.logs.some((l) => l.includes('stored file missing'))).toBe(true);
  });
});
