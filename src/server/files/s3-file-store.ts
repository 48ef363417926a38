import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, FileMissing, type FileStore, measuringStream } from './file-store';

export type S3FileStoreOptions = {
  /** An S3-compatible server's URL; absent: AWS itself. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  /** Both, or neither (then the SDK's default credential chain: environment, profile, instance role...). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** bucket in the path (http://host/bucket/key), as most S3-compatible servers want, rather than in the host name. */
  forcePathStyle: boolean;
  /** Keys per ListObjectsV2 page (S3's most, 1,000, unless a test wants to see the paging). */
  listPageSize?: number;
};

const STAGING = '.staging/';
/** S3's smallest multipart part; a file up to this size goes up in one PutObject. */
const PART_BYTES = 5 * 1024 * 1024;

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Files in a bucket of S3 or an S3-compatible server, so every server instance sees the same files. Bytes are
 * streamed both ways: an upload is sent in parts of 5 MiB as it arrives (a part at a time in memory), a download is
 * the object's body as it comes. Staged uploads live under `.staging/` until committed (copied to their key).
 */
export function createS3FileStore(opts: S3FileStoreOptions): FileStore & { client: S3Client } {
  const { bucket } = opts;
  const pageSize = opts.listPageSize ?? 1000;
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle,
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // With the SDK's default (a checksum on every request), a streamed upload can go out aws-chunked with a trailing
    // checksum, and some S3-compatible servers store that framing as if it were the file (1,024 bytes kept as 1,067).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };

  return {
    client,

    async stage(source) {
      const path = `${STAGING}${randomUUID()}`;
      const measure = measuringStream();
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: path, Body: measure.stream },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      // The request's stream flows through the measure into the upload; whichever fails stops the other.
      const streamed = pipeline(source, measure.stream).then(
        () => null,
        (err: unknown) => err,
      );
      try {
        await upload.done();
      } catch (err) {
        measure.stream.destroy();
        const streamError = await streamed;
        await remove(path).catch(() => {});
        // The request's own error (aborted, too large) says more than the upload's.
        const premature = (streamError as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
        throw streamError && !premature ? streamError : err;
      }
      const streamError = await streamed;
      if (streamError) {
        await remove(path).catch(() => {});
        throw streamError;
      }
      return { path, ...measure.result() };
    },

    async commit(staged, key) {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: checkKey(key),
          CopySource: `${bucket}/${encodeURI(staged.path)}`,
        }),
      );
      await remove(staged.path);
    },

    discard: (staged) => remove(staged.path),

    async open(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
        if (!(res.Body instanceof Readable)) throw new Error(`GetObject ${key}: the body is not a stream`);
        return res.Body;
      } catch (err) {
        if (isMissing(err)) throw new FileMissing(key);
        throw err;
      }
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    remove: async (key) => remove(checkKey(key)),

    async *list() {
      for await (const page of paginateListObjectsV2({ client, pageSize }, { Bucket: bucket })) {
        for (const o of page.Contents ?? []) {
          if (!o.Key || o.Key.startsWith(STAGING)) continue;
          yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
        }
      }
    },

    async clearStaging(before) {
      let removed = 0;
      for await (const page of paginateListObjectsV2(
        { client, pageSize },
        { Bucket: bucket, Prefix: STAGING },
      )) {
        for (const o of page.Contents ?? []) {
          if (!o.Key || !o.LastModified || o.LastModified >= before) continue;
          await remove(o.Key);
          removed += 1;
        }
      }
      return removed;
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
