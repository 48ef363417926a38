import { msg } from '@lingui/core/runtime-macro';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LOGO_TYPES } from '../../contract/branding-rules';
import { FILE_MAX_BYTES, FILE_TYPES, FILES_MAX } from '../../contract/constants';
import { textProblem } from '../../contract/text';
import { ApiError, badRequest } from '../errors';
import { type FileStore, type StagedFile, safeFileName, sniffType } from '../files/file-store';
import { printable } from './envelope';

/** A form's file: staged as it was read; `key` is set once the work moves it into place (stored-files.ts). */
export type UploadedFile = { staged: StagedFile; name: string; contentType: string; key?: string };
export type Upload = { fields: Record<string, string>; files: UploadedFile[] };
/** A form as a handler gets it: fields validated by the endpoint's schema, `raw` as sent, files staged. */
export type FormUpload<T> = { fields: T; raw: Record<string, string>; files: UploadedFile[] };

// `photo`: the warehouse's photo of a parcel at intake; `logo`: a company's logo (branding).
const FILE_FIELDS = new Set(['files', 'files[]', 'file', 'photo', 'logo']);
const allowed = Object.values(FILE_TYPES).join(', ');
const logoTypes = Object.values(LOGO_TYPES).join(', ');

/** Multipart limits; the per-file and file-count limits are the contract's. */
export const multipartLimits = {
  fileSize: FILE_MAX_BYTES,
  files: FILES_MAX,
  fields: 30,
  fieldSize: 16 * 1024,
  parts: 40,
  headerPairs: 100,
};

function mapMultipartError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, `Each file must be ${FILE_MAX_BYTES / 1024 / 1024} MB or smaller`, {
        files: [`Each file must be ${FILE_MAX_BYTES / 1024 / 1024} MB or smaller`],
      });
    case 'FST_FILES_LIMIT':
      return badRequest(msg`Validation failed`, { files: [`Attach at most ${FILES_MAX} files`] });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError(413, msg`The form has too many parts`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(415, msg`Send the form as multipart/form-data`);
    default:
      break;
  }
  // busboy's own parse errors carry no code or status, only a message ("Multipart: Boundary not found", "Unexpected
  // end of multipart data", "Part terminated early…", "The needle cannot have a length bigger than 256" for an
  // over-long boundary, "Malformed part header"…): a body that is not the multipart it claims is the client's
  // mistake. Errors with a code (disk, database) stay what they are: unexpected, a 500.
  const status = (err as { statusCode?: number }).statusCode;
  if (
    err instanceof Error &&
    code === undefined &&
    status === undefined &&
    MALFORMED_FORM.test(err.message)
  ) {
    return badRequest(msg`The form could not be read: it is not valid multipart/form-data`);
  }
  return err;
}

const MALFORMED_FORM = /multipart|boundary|unexpected end|terminated early|malformed|part header|needle/i;

const clientGone = () => badRequest(msg`The request was closed before the form arrived`);

/**
 * Reads a multipart form: fields as strings, files streamed to the store's staging area and typed by their bytes.
 * Whatever goes wrong, nothing staged is left behind; the caller settles the files it gets (settleUpload).
 */
export async function readUpload(request: FastifyRequest, store: FileStore): Promise<Upload> {
  if (!request.isMultipart()) throw new ApiError(415, msg`Send the form as multipart/form-data`);
  // A client that left before its form was read (while the quota was checked): nothing more will arrive, and the
  // multipart reader, which learns of a closed request from its 'close' event (long gone), would wait forever.
  if (request.raw.destroyed) throw clientGone();
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // Typed as a string, but busboy gives a part without a `name` in its Content-Disposition none: such a
        // field names nothing the form has, so it is ignored like any unknown field.
        const name: string | undefined = part.fieldname;
        if (name === undefined) continue;
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // Text the database refuses (NUL; a lone surrogate, which a part in UTF-16 can carry): refused here, as the
        // JSON routes' guard does, before any lookup.
        const problem = textProblem(name) ?? textProblem(value);
        if (problem) throw badRequest(msg`Validation failed`, { [printable(name)]: [problem] });
        fields[name] = value;
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume(); // drain it: an unexpected file field is ignored, not stored
        continue;
      }
      // The name is kept with the file's row: refused like a field's text, before any byte is stored.
      const nameProblem = textProblem(part.filename ?? '');
      if (nameProblem) {
        part.file.resume();
        throw badRequest(msg`Validation failed`, { [part.fieldname]: [`The file's name: ${nameProblem}`] });
      }
      const staged = await store.stage(part.file);
      const name = safeFileName(part.filename);
      const file = { staged, name, contentType: sniffType(staged.head) ?? '' };
      files.push(file);
      // A logo's refusals name its own field and the types a logo may be (branding/logo-image.ts checks the rest).
      const isLogo = part.fieldname === 'logo';
      if (staged.size === 0)
        throw badRequest(msg`Validation failed`, { [isLogo ? 'logo' : 'files']: [`${name} is empty`] });
      if (!file.contentType && isLogo) {
        throw new ApiError(415, `${name} is not a ${logoTypes} image`, {
          logo: [`The logo must be a ${logoTypes} image`],
        });
      }
      if (!file.contentType) {
        throw new ApiError(415, `${name} is not a PDF, JPEG, PNG, WebP or HEIC file`, {
          files: [`${name}: only ${allowed} files are accepted`],
        });
      }
    }
  } catch (err) {
    await settleUpload(request, store, files, true);
    // The client went away mid-form ("aborted", ECONNRESET from the request): its doing, not a server error.
    throw request.raw.readableAborted ? clientGone() : mapMultipartError(err);
  }
  return { fields, files };
}

/**
 * Settles a form's files as its request ends, all at once: what is still staged goes (a file the work moved is no
 * longer there); when the request failed, its transaction did not commit, so the files the work moved into place go
 * too (no row points at them, and the storage charge for them rolled back with the rows). It never throws: a file
 * it cannot remove is logged (the orphan sweep takes it later), and the request keeps its own answer.
 */
export async function settleUpload(
  request: FastifyRequest,
  store: FileStore,
  files: UploadedFile[],
  failed: boolean,
): Promise<void> {
  const removals = files.flatMap((f) => [
    store.discard(f.staged),
    ...(failed && f.key !== undefined ? [store.remove(f.key)] : []),
  ]);
  for (const r of await Promise.allSettled(removals)) {
    if (r.status === 'rejected') request.log.warn({ err: r.reason }, 'an upload left a file behind');
  }
}

/** Names and hashes of an upload's files, in order: what an idempotency digest covers besides the fields. */
export function uploadedHashes(upload: Upload): { name: string; sha256: string }[] {
  return upload.files.map((f) => ({ name: f.name, sha256: f.staged.sha256 }));
}

/** A form's fields checked by the contract's schema: a mistake is a 400 naming each field, as for a JSON body. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw badRequest(msg`Validation failed`, errors);
}
