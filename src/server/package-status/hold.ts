import { type HoldReason, holdOf, type PackageHold } from '../../contract/package-hold';

/** A package's hold as its answers show it: only while it is On hold (the reason stays on the row after). */
export function holdOfPackage(p: {
  statusCode: string;
  holdReason: HoldReason | null;
  holdNote: string;
}): PackageHold | null {
  return p.statusCode === 'on_hold' && p.holdReason ? holdOf(p.holdReason, p.holdNote) : null;
}
