import { msg } from '@lingui/core/runtime-macro';
import { eq } from 'drizzle-orm';
import { FILE_TYPES } from '../../contract/constants';
import type { Matched, ReceiveInput } from '../../contract/intake';
import type { PackageDetail } from '../../contract/packages';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { packageReceipts, users } from '../db/schema';
import { ApiError, badRequest, conflict } from '../errors';
import type { FormUpload } from '../http/uploads';
import type { StoredAttachment } from '../mail/mail-job';
import type { PackageStatus } from '../package-status/move-status';
import { nameIn, statusNames } from '../package-status/status-names';
import type { PackageService } from '../packages/packages.service';
import type { StoredFiles } from '../packages/stored-files';
import { arrivePrealerted, lockIntake, moveReceived, type Receipt, recordReceipt } from './receipt-writes';
import { resolveLabels, splitConsignee } from './resolve-labels';

/* A parcel received at the warehouse, scan-first, one at a time. */

const IMAGE_TYPES = Object.keys(FILE_TYPES).filter((t) => t.startsWith('image/'));

/**
 * A tracking number already received: never duplicated, but a 409 that says whose parcel it is and where it stands
 * ("Received before: 1Z… for Ann Lee (IEX-10023), Ready for pickup"), with the package that has it.
 */
async function alreadyReceived(
  tx: Db,
  existing: { id: string; trackingNumber: string; statusCode: string; userId: string | null },
) {
  const [owner] = existing.userId
    ? await tx
        .select({ firstName: users.firstName, lastName: users.lastName, mailbox: users.mailboxNumber })
        .from(users)
        .where(eq(users.id, existing.userId))
        .limit(1)
    : [];
  const whose = owner
    ? `for ${`${owner.firstName} ${owner.lastName}`.trim()} (${owner.mailbox})`
    : 'as Unassigned';
  const status = nameIn(await statusNames(tx))(existing.statusCode);
  const said = `Received before: ${existing.trackingNumber} ${whose}, ${status}`;
  return conflict(said, { tracking_number: [said], existing_package_id: [existing.id] });
}

/** The photo of a receipt: at most one, and an image (a PDF is a document, not a photo). */
function photoOf(upload: FormUpload<ReceiveInput>) {
  if (upload.files.length > 1) throw badRequest(msg`Validation failed`, { photo: ['Attach one photo'] });
  const [photo] = upload.files;
  if (photo && !IMAGE_TYPES.includes(photo.contentType)) {
    throw new ApiError(415, msg`The photo must be a JPEG, PNG, WebP or HEIC image`, {
      photo: ['The photo must be a JPEG, PNG, WebP or HEIC image'],
    });
  }
  return photo;
}

export function createReceive(deps: {
  packages: PackageService;
  storedFiles: StoredFiles;
  status: PackageStatus;
}) {
  const { storedFiles } = deps;

  /** The photo stored as a receipt of kind photo, and the mail's attachment naming it. */
  async function storePhoto(
    tx: Db,
    company: CompanyRow,
    staff: UserRow,
    packageId: string,
    photo: FormUpload<ReceiveInput>['files'][number],
  ): Promise<StoredAttachment> {
    const [row] = await storedFiles.insertFiles(tx, company, staff, [photo]);
    if (!row) throw new Error('photo insert returned no row');
    await tx.insert(packageReceipts).values({
      packageId,
      companyId: company.id,
      fileId: row.id,
      uploadedBy: staff.id,
      kind: 'photo',
    });
    return { filename: row.originalName, contentType: row.contentType, storageKey: row.storageKey };
  }

  return {
    /**
     * Receives one parcel in `tx` (the Idempotency-Key's transaction): the customer found by mailbox, email or
     * name (else Unassigned), their pending pre-alert matched, the photo stored as a receipt of kind photo, and the
     * customer told (with the photo).
     */
    async receive(
      company: CompanyRow,
      staff: UserRow,
      upload: FormUpload<ReceiveInput>,
      tx: Db,
      origin: string,
    ): Promise<{ pkg: PackageDetail; matched: Matched }> {
      const body = upload.fields;
      const photo = photoOf(upload);
      await lockIntake(tx, company.id);
      const label = {
        trackingNumber: body.tracking_number,
        mailbox: body.mailbox_number,
        ...splitConsignee(body.consignee),
      };
      const labels = await resolveLabels(tx, company.id, [label]);
      const existing = labels.received(body.tracking_number);
      let out: Receipt;
      if (existing?.statusCode === 'pre_alerted') {
        out = await arrivePrealerted(tx, staff, body, existing, labels);
      } else if (existing) {
        throw await alreadyReceived(tx, existing);
      } else {
        const found = labels.customer(label);
        const pre = found ? labels.prealert(body.tracking_number, found.user.id) : null;
        out = await recordReceipt(tx, company, staff, body, found, pre?.pre ?? null);
      }
      const attachment = photo ? await storePhoto(tx, company, staff, out.id, photo) : undefined;
      // The bell's row and the mail's job commit with the receipt (a replay of the key neither receives nor
      // notifies again); the mail goes out after the reply, the photo read from the file store by its key then.
      await moveReceived(deps.status, tx, company, staff, [out], body.note, {
        origin,
        note: attachment ? 'The warehouse photographed it: see the photo with the package.' : '',
        ...(attachment ? { photo: attachment } : {}),
      });
      const pkg = await deps.packages.detail(company, staff, out.id, tx);
      return { pkg, matched: out.matched };
    },
  };
}
