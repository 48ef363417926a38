import type { FileStore } from './file-store';

/** Ends a hold; resolves, once the removals it deferred are done, with how many waited for it. */
export type ReleaseRemovals = () => Promise<number>;

export type HoldableFileStore = FileStore & {
  /**
   * Until the returned release is called, `remove` only notes the key and resolves at once (the caller's request
   * does not wait); the release removes them. A backup holds removals while it copies the files: see
   * backup/backup.ts for why that makes its copy complete.
   */
  holdRemovals(): ReleaseRemovals;
};

/**
 * The app's store with removals that can be held. Every removal of a stored file goes through `remove` (a receipt
 * deleted, an undone intake, a rolled-back upload, the orphan sweep), so holding it here holds them all. A process
 * that dies during a hold loses the deferred removals: the bytes stay without a row, and the orphan sweep removes
 * them within the hour.
 */
export function withRemovalHold(store: FileStore): HoldableFileStore {
  let holds = 0;
  let deferred: string[] = [];
  let deferredEver = 0;
  return {
    ...store,
    async remove(key) {
      if (holds > 0) {
        deferred.push(key);
        deferredEver += 1;
        return;
      }
      await store.remove(key);
    },
    holdRemovals() {
      holds += 1;
      const from = deferredEver;
      let released = false;
      return async () => {
        if (released) return 0;
        released = true;
        holds -= 1;
        const waited = deferredEver - from;
        if (holds > 0) return waited; // another hold still runs: its release removes them
        const keys = deferred;
        deferred = [];
        await Promise.all(keys.map((k) => store.remove(k)));
        return waited;
      };
    },
  };
}
