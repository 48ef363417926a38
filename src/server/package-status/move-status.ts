import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuditChanges } from '../../contract/audit';
import type { PackageStatusCode } from '../../contract/constants';
import { type HoldReason, holdOf, holdSentence } from '../../contract/package-hold';
import { storageWords } from '../../contract/storage';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { packageEvents, packages } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { StoredAttachment } from '../mail/mail-job';
import type { NotificationService } from '../notifications/notifications.service';
import { storageCountdowns } from '../storage/storage';
import { type Collected, noticesFor, tellCollected, tellOwners, withdrawNotices } from './notices';
import { type Mover, mayMove, type Place, refusal, UNRECORDED } from './rules';
import { nameIn, statusNames } from './status-names';

/** One package of a move, with what is its own when it differs from the rest of the move. */
export type MovingPackage = {
  id: string;
  /** When its event happened, if not at the move's time (an imported receipt's date). */
  at?: Date;
  /** Its audit entry's note, and what changed besides the status. */
  audit?: { note?: string; changes?: AuditChanges };
  /** A step of the parcel's story before this move, put first on its timeline: the customer's pre-alert. */
  earlier?: { status: PackageStatusCode; note: string; actorId: string; at: Date };
};

/** What the customer is told of a move to a status: "is now …" with a note (a receipt's may carry its photo). */
type StatusNotice = { origin: string; note: string; photo?: StoredAttachment };

type Common = {
  company: CompanyRow;
  /** The staff member acting: the events and audit entries name them. */
  actor: UserRow;
  /** The packages, of `company`: locked and read afresh in the move's transaction. */
  packages: MovingPackage[];
  /** The timeline's note (what the customer reads on the package) and, unless a package has its own, the audit's. */
  note: string;
  /** When the move happens, if not now (the counter's release row and its delivery share one instant). */
  at?: Date;
};

/** A move, as each mover may ask for it (rules.ts says from which statuses). */
export type StatusMove = Common &
  (
    | {
        mover: 'staff' | 'shipment';
        to: PackageStatusCode;
        tell: StatusNotice;
        /** Why, for a move to On hold (staff pick it; the status bodies require it). */
        hold?: { reason: HoldReason; note: string };
      }
    | {
        mover: 'intake';
        to: 'received_us';
        /** The packages were just written by this receipt: they come from no record, not from their status. */
        fresh?: boolean;
        tell: StatusNotice;
      }
    | { mover: 'counter'; to: 'delivered'; tell: { origin: string; collected: Collected } }
    | { mover: 'undo'; to: typeof UNRECORDED }
  );

/** A package the move changed, with the status it left. */
export type Moved = {
  id: string;
  userId: string | null;
  trackingNumber: string;
  description: string;
  /** A status code, or UNRECORDED for a parcel a receipt has just recorded. */
  from: string;
};

/** The audit entry's action for each mover: a receipt and its undo say what they did, the others moved a status. */
const AUDIT_ACTION: Record<Mover, string> = {
  staff: 'status',
  shipment: 'status',
  counter: 'released',
  intake: 'received',
  undo: 'undone',
};
/** Whether the audit entry records the status pair (a receipt and its undo record the parcel itself instead). */
const AUDITS_STATUS: Record<Mover, boolean> = {
  staff: true,
  shipment: true,
  counter: true,
  intake: false,
  undo: false,
};

/**
 * Refuses the moves the rules do not allow: a 409 naming both statuses (each refused package in the `status` field's
 * errors). For a capability that must say so before it changes anything else (intake's undo).
 */
export function assertMoves(
  moving: Pick<Moved, 'trackingNumber' | 'from'>[],
  to: Place,
  mover: Mover,
  name: (code: string) => string,
): void {
  const bad = moving.filter((p) => !mayMove(p.from, to, mover));
  const [first] = bad;
  if (!first) return;
  const why = (p: Pick<Moved, 'from'>) => refusal(p.from, to, mover, name);
  const listed = bad
    .slice(0, 5)
    .map((p) => `${p.trackingNumber} is ${name(p.from)}`)
    .join(', ');
  const more = bad.length > 5 ? ` and ${bad.length - 5} more` : '';
  throw conflict(
    bad.length === 1 ? why(first) : `${bad.length} packages cannot move to ${name(to)}: ${listed}${more}`,
    {
      status: bad.map((p) => `${p.trackingNumber}: ${why(p)}`),
    },
  );
}

/** The one owner of a package's status: every capability moves packages through `moveStatus`. */
export function createPackageStatus(deps: { audit: AuditService; notifications: NotificationService }) {
  const { audit, notifications } = deps;

  /** The packages, locked in id order (two desks moving overlapping parcels queue instead of deadlocking). */
  async function lock(tx: Db, company: CompanyRow, ids: string[]) {
    const rows = await tx
      .select({
        id: packages.id,
        userId: packages.userId,
        trackingNumber: packages.trackingNumber,
        description: packages.description,
        statusCode: packages.statusCode,
      })
      .from(packages)
      .where(and(eq(packages.companyId, company.id), inArray(packages.id, ids)))
      .orderBy(asc(packages.id))
      .for('update');
    if (rows.length !== ids.length) throw notFound(msg`Package not found`);
    // In the caller's order, which is the order its notices list the packages in.
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async function writeAudit(tx: Db, move: StatusMove, moved: Moved[], own: Map<string, MovingPackage>) {
    await audit.record(
      tx,
      move.company,
      move.actor,
      moved.map((p) => ({
        entity: 'package' as const,
        entityId: p.id,
        action: AUDIT_ACTION[move.mover],
        changes: {
          ...(AUDITS_STATUS[move.mover] ? { status: [p.from, move.to] as [string, string] } : {}),
          ...own.get(p.id)?.audit?.changes,
        },
        note: own.get(p.id)?.audit?.note ?? move.note,
      })),
    );
  }

  /** The status column, the timeline's events (an earlier step first) for each package moved. */
  async function writeMove(tx: Db, move: StatusMove, moved: Moved[], own: Map<string, MovingPackage>) {
    const now = move.at ?? new Date();
    await tx
      .update(packages)
      .set({
        statusCode: move.to,
        updatedAt: now,
        ...(move.to === 'delivered' ? { deliveredAt: now } : {}),
        ...('hold' in move && move.hold && move.to === 'on_hold'
          ? { holdReason: move.hold.reason, holdNote: move.hold.note }
          : {}),
      })
      .where(
        inArray(
          packages.id,
          moved.map((p) => p.id),
        ),
      );
    const event = (id: string, status: string, note: string, actorId: string, at: Date) => ({
      packageId: id,
      companyId: move.company.id,
      statusCode: status,
      note,
      actorId,
      createdAt: at,
    });
    await tx.insert(packageEvents).values(
      moved.flatMap((p) => {
        const { earlier, at } = own.get(p.id) ?? {};
        return [
          ...(earlier ? [event(p.id, earlier.status, earlier.note, earlier.actorId, earlier.at)] : []),
          event(p.id, move.to, move.note, move.actor.id, at ?? now),
        ];
      }),
    );
  }

  /**
   * Moves packages to a status in `tx`, the transaction of the change that causes it: checks the move against the
   * rules (a refused move is a 409 naming both statuses, and the transaction changes nothing), then writes the
   * package, its event and its audit entry, and queues the customer's notice. Packages already in the status are
   * left alone. An undone receipt takes the package away, with what its customer was told.
   */
  async function moveStatus(tx: Db, move: StatusMove): Promise<{ moved: Moved[]; told: number }> {
    const own = new Map(move.packages.map((p) => [p.id, p]));
    if (own.size === 0) return { moved: [], told: 0 };
    const rows = await lock(tx, move.company, [...own.keys()]);
    const fresh = move.mover === 'intake' && move.fresh === true;
    const moved: Moved[] = rows
      .map(({ statusCode, ...p }) => ({ ...p, from: fresh ? UNRECORDED : statusCode }))
      .filter((p) => p.from !== move.to);
    const name = nameIn(await statusNames(tx));
    assertMoves(moved, move.to, move.mover, name);
    if (moved.length === 0) return { moved, told: 0 };

    if (move.mover === 'undo') {
      await withdrawNotices(tx, moved);
      await tx.delete(packages).where(
        inArray(
          packages.id,
          moved.map((p) => p.id),
        ),
      );
      await writeAudit(tx, move, moved, own);
      return { moved, told: 0 };
    }
    await writeMove(tx, move, moved, own);
    await writeAudit(tx, move, moved, own);
    const notices = noticesFor(
      moved,
      move.to,
      name(move.to),
      move.mover === 'counter' ? '' : await noticeNote(tx, move, moved),
    );
    const told =
      move.mover === 'counter'
        ? await tellCollected(notifications, tx, move.company, move.tell.origin, notices, move.tell.collected)
        : await tellOwners(notifications, tx, move.company, move.tell.origin, notices, move.tell.photo);
    return { moved, told };
  }

  return { moveStatus };
}

/**
 * What the customer reads after "is now …": staff's note, and for a hold its reason and what to do, for a parcel
 * made ready its storage terms (contract/storage.ts: "Free until Dec 3, then J$200.00 a day").
 */
async function noticeNote(
  tx: Db,
  move: StatusMove & { tell: StatusNotice },
  moved: Moved[],
): Promise<string> {
  const note = move.tell.note;
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ');
  if (move.to === 'on_hold' && 'hold' in move && move.hold) {
    // Staff's note is the hold's own text here: said once, after the reason.
    return holdSentence(holdOf(move.hold.reason, move.hold.note || note));
  }
  if (move.to === 'ready_for_pickup') {
    const [first] = moved;
    if (!first) return note;
    const storage = await storageCountdowns(tx, move.company, [
      { id: first.id, statusCode: move.to, receivedAt: null },
    ]);
    const c = storage.get(first.id);
    return join(note, c ? `${storageWords(c).terms}.` : '');
  }
  return note;
}

export type PackageStatus = ReturnType<typeof createPackageStatus>;
