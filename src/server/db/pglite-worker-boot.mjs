// Entry of the embedded database's thread. Node does not hand a worker the parent's TypeScript loader, so the
// worker registers tsx itself before loading pglite-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
