import { createRequire } from 'node:module';

/**
 * LevelDB keeps the writes it has not yet sorted into table files in memory (the memtable, also written
 * to its log), and by default writes them out once there are 4 MB of them: a flush to a new table file,
 * then compactions merging the new files into the older ones. A statement of 5,000 rows is about 12 MB
 * to dynalite (each row and its index entry, some 1.2 KB each), so every upload of that size flushed three
 * times and set off compactions, on LevelDB's own background thread but on the same two cores as the
 * upload's other work; and each row's read before its write (is the row stored already?) looked through
 * every new table file as well as the memtable, LevelDB keeping no bloom filters.
 *
 * `largerWriteBuffer()` opens the twin's LevelDB with a write buffer of TWIN_WRITE_BUFFER_BYTES instead,
 * so several such uploads fit in the memtable before it is flushed, and the flush and its compactions come
 * once for all of them. What is stored is unchanged: the same keys and values in the same folder, in
 * LevelDB's own format (the log is replayed into the memtable when the folder is opened again, and written
 * to a table file then), and each write is in the log before it is answered, as before. The costs: up to
 * twice the buffer in memory while a full one is written out, and a longer open after a session that left
 * a large log.
 */
export const TWIN_WRITE_BUFFER_BYTES = 64 * 1024 * 1024;

interface ClassicLevelPrototype {
  _open(options: Record<string, unknown>): Promise<void>;
}

let installed = false;

function classicLevel(): { ClassicLevel: { prototype: ClassicLevelPrototype } } {
  // The copy dynalite's LevelDB is built on (dynalite → level → classic-level), wherever npm placed it.
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
  const fromLevel = createRequire(fromDynalite.resolve('level'));
  return fromLevel('classic-level');
}

/** Every LevelDB of this thread opened later takes the larger write buffer, unless it names its own. */
export function largerWriteBuffer(bytes: number = TWIN_WRITE_BUFFER_BYTES): void {
  if (installed) return;
  installed = true;
  const proto = classicLevel().ClassicLevel.prototype;
  const open = proto._open;
  proto._open = function (options) {
    return open.call(this, { writeBufferSize: bytes, ...options });
  };
}
