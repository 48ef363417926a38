import { type PackageStatusCode, packageStatusCodes } from '../../contract/constants';

/*
 * Which status may follow which, and who may make the move. The one place a newcomer reads to know whether a
 * package can go from one status to another; `moveStatus` (move-status.ts) refuses anything this table does not
 * allow, whichever capability asks.
 */

/**
 * Who moves a package, which decides what the move may be (and what is recorded and told, see move-status.ts):
 * - staff: a staff member or admin by hand (a package's "Add event", or a bulk action on the list);
 * - shipment: a whole shipment advanced (staff acting on every parcel in it at once);
 * - intake: the warehouse's receipt (a new parcel, or one recorded earlier from a pre-alert, arrives);
 * - counter: the pickup counter's release, once the collector's ID and the payment were checked;
 * - undo: intake's undo of a receipt, within its window.
 */
export const movers = ['staff', 'shipment', 'intake', 'counter', 'undo'] as const;
export type Mover = (typeof movers)[number];

/** Where a parcel is before its receipt and after the receipt is undone: the company holds no package for it. */
export const UNRECORDED = 'unrecorded';
export type Place = PackageStatusCode | typeof UNRECORDED;
export const places: readonly Place[] = [UNRECORDED, ...packageStatusCodes];

const HAND = ['staff'] as const;
const HAND_OR_SHIPMENT = ['staff', 'shipment'] as const;

/**
 * From each status, the statuses that may follow and who may make each move (DOMAIN.md's path: Pre-alerted ->
 * Received at US warehouse -> In transit -> At customs -> Ready for pickup or Out for delivery -> Delivered /
 * Collected; On hold and Returned branch off it). Why it is shaped so:
 * - Only intake receives: it weighs the parcel, stamps who received it and when, and matches the pre-alert.
 * - While the company holds a parcel (received up to out for delivery), staff may move it to any of those steps:
 *   forward, skipping steps (a flight cleared and sorted in one go), or back, to put right a mistake or a parcel
 *   that missed its flight. Each move is on the timeline and in the audit trail, and the customer is told.
 * - A shipment moves its parcels to its own steps only, and never lifts a hold: that is done by hand.
 * - A parcel waiting at the branch is handed over only by the counter, which checks the ID and the payment; one out
 *   for delivery is marked delivered by hand too (the courier handed it over, no counter saw it).
 * - Delivered / Collected and Returned are final: nothing follows them. Nothing goes back to Pre-alerted, which is
 *   the customer's word that a parcel is coming; a receipt is taken back by undoing it, while nothing else happened.
 */
export const TRANSITIONS: Record<Place, Partial<Record<Place, readonly Mover[]>>> = {
  unrecorded: { received_us: ['intake'] },
  pre_alerted: { received_us: ['intake'] },
  received_us: {
    in_transit: HAND_OR_SHIPMENT,
    at_customs: HAND_OR_SHIPMENT,
    ready_for_pickup: HAND_OR_SHIPMENT,
    out_for_delivery: HAND,
    on_hold: HAND,
    returned: HAND,
    unrecorded: ['undo'],
  },
  in_transit: {
    received_us: HAND,
    at_customs: HAND_OR_SHIPMENT,
    ready_for_pickup: HAND_OR_SHIPMENT,
    out_for_delivery: HAND,
    on_hold: HAND,
    returned: HAND,
  },
  at_customs: {
    received_us: HAND,
    in_transit: HAND_OR_SHIPMENT,
    ready_for_pickup: HAND_OR_SHIPMENT,
    out_for_delivery: HAND,
    on_hold: HAND,
    returned: HAND,
  },
  ready_for_pickup: {
    received_us: HAND,
    in_transit: HAND_OR_SHIPMENT,
    at_customs: HAND_OR_SHIPMENT,
    out_for_delivery: HAND,
    delivered: ['counter'],
    on_hold: HAND,
    returned: HAND,
  },
  out_for_delivery: {
    received_us: HAND,
    in_transit: HAND_OR_SHIPMENT,
    at_customs: HAND_OR_SHIPMENT,
    ready_for_pickup: HAND_OR_SHIPMENT,
    delivered: ['staff', 'counter'],
    on_hold: HAND,
    returned: HAND,
  },
  on_hold: {
    received_us: HAND,
    in_transit: HAND,
    at_customs: HAND,
    ready_for_pickup: HAND,
    out_for_delivery: HAND,
    returned: HAND,
  },
  delivered: {},
  returned: {},
};

const isPlace = (s: string): s is Place => (places as readonly string[]).includes(s);

/** Who may move a package from `from` (a stored status code, or UNRECORDED) to `to`; none for an unknown code. */
export function moversOf(from: string, to: Place): readonly Mover[] {
  return isPlace(from) ? (TRANSITIONS[from][to] ?? []) : [];
}

export function mayMove(from: string, to: Place, mover: Mover): boolean {
  return moversOf(from, to).includes(mover);
}

/** The statuses `mover` may take a package to `to` from (the counter's: what it may hand over). */
export function sourcesOf(to: Place, mover: Mover): Place[] {
  return places.filter((from) => mayMove(from, to, mover));
}

/** How the move can be made instead, when another mover may make it (said after a refusal). */
const INSTEAD: Record<Mover, string> = {
  staff: 'by hand, on the package',
  shipment: 'with its shipment',
  intake: 'at intake, by receiving the parcel',
  counter: 'at the pickup counter, where the ID and the payment are checked',
  undo: 'by undoing the receipt',
};

/**
 * Why a move is refused, naming both statuses by the company's names (`name` of a code): "A package that is
 * Delivered / Collected cannot move to In transit", and how it can be made when another mover may.
 */
export function refusal(from: string, to: Place, mover: Mover, name: (code: string) => string): string {
  const others = moversOf(from, to).filter((m) => m !== mover);
  const instead = others.length > 0 ? ` (only ${others.map((m) => INSTEAD[m]).join(' or ')})` : '';
  if (to === UNRECORDED) {
    return `The receipt of a package that is ${name(from)} cannot be undone: change the package instead`;
  }
  return `A package that is ${name(from)} cannot move to ${name(to)}${instead}`;
}
