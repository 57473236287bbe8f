import { createRequire } from 'node:module';

/**
 * dynalite (the twin's DynamoDB) reads LevelDB through streams over abstract-level iterators, and ends each
 * stream by calling `iterator.return()` to close its iterator. abstract-level's iterators have no `return`
 * (they close with `close()`), so no Query or Scan ever closed its iterator: each one stayed in the
 * database's set of open resources for good, with its native LevelDB iterator and the snapshot it pins. Under
 * read load the twin's memory grew with every request and never came back.
 *
 * `closeLevelIteratorsOnReturn()` gives abstract-level's iterators the `return()` dynalite calls (closing the
 * iterator, as `for await` does), and counts open iterators so the twin can show that the count stays bounded
 * (GET /local/status) and tests can hold it to that.
 */
interface IteratorPrototype {
  close(): Promise<void>;
  return?: () => Promise<{ done: true; value: undefined }>;
}
interface LevelPrototype {
  attachResource(resource: unknown): void;
  detachResource(resource: unknown): void;
}

let installed = false;
/** Open iterators, in memory the twin's thread can read while LevelDB runs in the DynamoDB thread. */
let open: Int32Array<ArrayBufferLike> = new Int32Array(1);

function abstractLevel(): {
  AbstractLevel: { prototype: LevelPrototype };
  AbstractIterator: { prototype: object };
} {
  // The copy dynalite's LevelDB (level → classic-level) is built on, wherever npm placed it.
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
  const fromLevel = createRequire(fromDynalite.resolve('level'));
  const fromClassic = createRequire(fromLevel.resolve('classic-level'));
  return fromClassic('abstract-level');
}

export function closeLevelIteratorsOnReturn(shared?: Int32Array): void {
  if (shared) open = shared;
  if (installed) return;
  installed = true;
  const { AbstractLevel, AbstractIterator } = abstractLevel();
  // The common base of AbstractIterator, AbstractKeyIterator and AbstractValueIterator.
  const common = Object.getPrototypeOf(AbstractIterator.prototype) as IteratorPrototype;
  if (typeof common.return !== 'function') {
    common.return = async function (this: IteratorPrototype) {
      await this.close();
      return { done: true, value: undefined };
    };
  }
  const { attachResource, detachResource } = AbstractLevel.prototype;
  const isIterator = (resource: unknown) =>
    typeof resource === 'object' &&
    resource !== null &&
    Object.prototype.isPrototypeOf.call(common, resource);
  AbstractLevel.prototype.attachResource = function (resource) {
    if (isIterator(resource)) Atomics.add(open, 0, 1);
    attachResource.call(this, resource);
  };
  AbstractLevel.prototype.detachResource = function (resource) {
    if (isIterator(resource)) Atomics.sub(open, 0, 1);
    detachResource.call(this, resource);
  };
}

/** LevelDB iterators open now, across the process's databases. */
export function openLevelIterators(): number {
  return Atomics.load(open, 0);
}
