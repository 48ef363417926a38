import { describe, expect, it } from 'vitest';
import { packageStatusCodes, shipmentSteps } from '../../contract/constants';
import { COUNTER_STATUSES } from '../../contract/counter';
import { PACKAGE_STATUSES } from '../seeds/seed';
import { type Mover, mayMove, movers, moversOf, type Place, places, refusal, sourcesOf } from './rules';

/*
 * The transition table, written a second time as a grid a person can check against DOMAIN.md at a glance, and
 * compared with the module's for every pair of statuses and every mover.
 * Letters: s staff by hand, h a shipment advanced, i intake's receipt, c the counter's release, u intake's undo.
 */
/** The grid's columns: `places`, in the contract's order after the place before a receipt. */
const COLUMNS = places;
// biome-ignore format: the grid is read by columns
const GRID: Record<Place, string> = {
  //                 unrec pre  rec  tra  cus  rdy  out  del  hold ret
  unrecorded:       '.    .    i    .    .    .    .    .    .    .',
  pre_alerted:      '.    .    i    .    .    .    .    .    .    .',
  received_us:      'u    .    .    sh   sh   sh   s    .    s    s',
  in_transit:       '.    .    s    .    sh   sh   s    .    s    s',
  at_customs:       '.    .    s    sh   .    sh   s    .    s    s',
  ready_for_pickup: '.    .    s    sh   sh   .    s    c    s    s',
  out_for_delivery: '.    .    s    sh   sh   sh   .    sc   s    s',
  on_hold:          '.    .    s    s    s    s    s    .    .    s',
  delivered:        '.    .    .    .    .    .    .    .    .    .',
  returned:         '.    .    .    .    .    .    .    .    .    .',
};
const LETTER: Record<Mover, string> = { staff: 's', shipment: 'h', intake: 'i', counter: 'c', undo: 'u' };

const cells = (from: Place) => GRID[from].trim().split(/\s+/);
const pairs = places.flatMap((from) => COLUMNS.map((to, i) => ({ from, to, cell: cells(from)[i] ?? '?' })));

const NAMES = new Map<string, string>(PACKAGE_STATUSES.map(([code, name]) => [code, name]));
const name = (code: string) => NAMES.get(code) ?? code;

describe('package status rules: which status may follow which, and who may move it', () => {
  it('the grid covers every status, the one before a receipt included', () => {
    expect(COLUMNS).toEqual(['unrecorded', ...packageStatusCodes]);
    expect(Object.keys(GRID).sort()).toEqual([...places].sort());
    for (const from of places) expect(cells(from)).toHaveLength(COLUMNS.length);
  });

  it.each(pairs)('$from → $to: $cell', ({ from, to, cell }) => {
    for (const mover of movers) {
      expect(mayMove(from, to, mover), `${from} → ${to} by ${mover}`).toBe(cell.includes(LETTER[mover]));
    }
  });

  it('final statuses (the seed’s is_final) have no move out, and nothing goes back to Pre-alerted', () => {
    const finals = PACKAGE_STATUSES.filter((s) => s[4]).map((s) => s[0]);
    expect(finals.sort()).toEqual(['delivered', 'returned']);
    for (const from of finals) for (const to of places) expect(moversOf(from, to)).toEqual([]);
    for (const from of places) expect(moversOf(from, 'pre_alerted')).toEqual([]);
  });

  it('the counter hands over exactly what its lookup lists; a shipment moves only to its own steps', () => {
    expect(sourcesOf('delivered', 'counter').sort()).toEqual([...COUNTER_STATUSES].sort());
    for (const from of places) {
      for (const to of packageStatusCodes) {
        if (!(shipmentSteps as readonly string[]).includes(to))
          expect(mayMove(from, to, 'shipment')).toBe(false);
      }
    }
  });

  it('a status code the contract does not know moves nowhere', () => {
    expect(moversOf('lost_at_sea', 'in_transit')).toEqual([]);
    expect(mayMove('lost_at_sea', 'received_us', 'intake')).toBe(false);
  });

  it('a refusal names both statuses, and where the move can be made instead', () => {
    expect(refusal('delivered', 'in_transit', 'staff', name)).toBe(
      'A package that is Delivered / Collected cannot move to In transit',
    );
    expect(refusal('ready_for_pickup', 'delivered', 'staff', name)).toBe(
      'A package that is Ready for pickup cannot move to Delivered / Collected (only at the pickup counter, where the ID and the payment are checked)',
    );
    expect(refusal('pre_alerted', 'received_us', 'staff', name)).toBe(
      'A package that is Pre-alerted cannot move to Received at US warehouse (only at intake, by receiving the parcel)',
    );
    expect(refusal('on_hold', 'in_transit', 'shipment', name)).toBe(
      'A package that is On hold cannot move to In transit (only by hand, on the package)',
    );
    expect(refusal('in_transit', 'unrecorded', 'undo', name)).toBe(
      'The receipt of a package that is In transit cannot be undone: change the package instead',
    );
  });
});
