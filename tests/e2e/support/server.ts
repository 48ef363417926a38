// Which e2e server a test file drives. `npm test` runs the journeys two files at a time, each worker against a
// server of its own (own database, mailbox and served build folder: a journey deploying a newer build or changing a
// company's settings cannot reach the other worker's pages). Vitest numbers its workers 1..maxWorkers.
import { inject } from 'vitest';

function slot(): number {
  const count = inject('e2ePorts').length;
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return (Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % count;
}

/** Port of this worker's server (serving the built PWA and the API). */
export const e2ePort = (): number => inject('e2ePorts')[slot()] as number;

/** The folder this worker's server serves the built PWA from. */
export const e2eWebDir = (): string => inject('e2eWebDirs')[slot()] as string;
