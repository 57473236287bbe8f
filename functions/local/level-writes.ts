import { createRequire } from 'node:module';

/**
 * dynalite (the twin's DynamoDB) writes an item as several LevelDB operations, each on its own: a read of the
 * item, a put of each index entry and a put of the item. classic-level sends every one through Node's thread
 * pool and back (a native call, a queued task, a promise), which costs far more than LevelDB's own work on a
 * small key: a statement of 5,000 rows is some 15,000 round trips.
 *
 * `groupLevelWrites()` changes only how the same operations reach LevelDB, not what is stored or when an
 * operation counts as done:
 *  - a read (`get`) is LevelDB's synchronous read, answered at once (the memtable and the block cache, or one
 *    read of a table file);
 *  - puts and deletes issued in the same turn of the event loop are written together as one LevelDB batch,
 *    in the order they were issued, and each one's promise settles only once that batch is written, as a
 *    single put's did. A put asking for a synchronous (fsync'd) write is written on its own, as before.
 * The data folder's format and contents are unchanged (the same keys and values, written by the same
 * LevelDB), so a folder written before reads the same, and data is kept across restarts as before.
 */
interface ClassicLevelPrototype {
  _get(key: unknown, options: object): Promise<unknown>;
  _getSync?(key: unknown, options: object): unknown;
  _put(key: unknown, value: unknown, options: { sync?: boolean }): Promise<void>;
  _del(key: unknown, options: { sync?: boolean }): Promise<void>;
  _batch(operations: LevelOperation[], options: object): Promise<void>;
}
type LevelOperation = { type: 'put'; key: unknown; value: unknown } | { type: 'del'; key: unknown };
interface Pending {
  operations: LevelOperation[];
  settle: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

let installed = false;
/**
 * How many LevelDB batches the grouping wrote, and how many operations they held (for tests), in memory the
 * twin's thread can read while LevelDB runs in the DynamoDB thread.
 */
let counts: Int32Array<ArrayBufferLike> = new Int32Array(2);

function classicLevel(): { ClassicLevel: { prototype: ClassicLevelPrototype } } {
  // The copy dynalite's LevelDB is built on (dynalite → level → classic-level), wherever npm placed it.
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
  const fromLevel = createRequire(fromDynalite.resolve('level'));
  return fromLevel('classic-level');
}

export function groupLevelWrites(shared?: Int32Array): void {
  if (shared) counts = shared;
  if (installed) return;
  installed = true;
  const proto = classicLevel().ClassicLevel.prototype;
  const { _put: putAlone, _del: delAlone } = proto;
  const getSync = proto._getSync;
  if (typeof getSync === 'function')
    proto._get = async function (key, options) {
      return getSync.call(this, key, options);
    };

  const pending = new WeakMap<ClassicLevelPrototype, Pending>();
  const enqueue = (db: ClassicLevelPrototype, operation: LevelOperation) =>
    new Promise<void>((resolve, reject) => {
      let group = pending.get(db);
      if (!group) {
        const created: Pending = { operations: [], settle: [] };
        group = created;
        pending.set(db, created);
        setImmediate(() => {
          pending.delete(db);
          Atomics.add(counts, 0, 1);
          Atomics.add(counts, 1, created.operations.length);
          db._batch(created.operations, {}).then(
            () => {
              for (const s of created.settle) s.resolve();
            },
            (error: unknown) => {
              for (const s of created.settle) s.reject(error);
            },
          );
        });
      }
      group.operations.push(operation);
      group.settle.push({ resolve, reject });
    });
  proto._put = function (key, value, options) {
    if (options?.sync) return putAlone.call(this, key, value, options);
    return enqueue(this, { type: 'put', key, value });
  };
  proto._del = function (key, options) {
    if (options?.sync) return delAlone.call(this, key, options);
    return enqueue(this, { type: 'del', key });
  };
}

/** The batches written by the grouping so far, and the operations they held. */
export function groupedLevelWrites(): { batches: number; operations: number } {
  return { batches: Atomics.load(counts, 0), operations: Atomics.load(counts, 1) };
}
