import { createRequire } from 'node:module';

/**
 * dynalite (the twin's DynamoDB) reads a Query's items through a Node stream over a LevelDB iterator, wrapped
 * in a `lazy` stream: every item is its own iterator step (a promise), stream push, event and `takeWhile`
 * call, and the iterator's first step asks LevelDB for one entry before it asks for the rest. For a page of
 * transactions (40–75 items) that machinery was about a third of the thread's work on a Query.
 *
 * `readQueriesDirectly()` puts in place of dynalite's `queryTable` one that reads the same range from the
 * same LevelDB entries with the iterator's `nextv` (many entries a step) and stops where dynalite's stops
 * (the Limit, or 1 MB of items as dynalite sizes them), then answers as dynalite's does: the same filter,
 * LastEvaluatedKey, projection, Count, ScannedCount and ConsumedCapacity, built by dynalite's own functions.
 * A Query of an index that does not project every attribute with Select ALL_ATTRIBUTES (each item read again
 * from the table) is left to dynalite. tests/unit/local/dynalite-query.test.ts runs both on the same requests
 * and requires the same answers. Only the twin runs this: the Lambda bundles never load dynalite.
 */

type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;
interface KeyElement {
  AttributeName: string;
}
interface Table {
  TableName: string;
  KeySchema: KeyElement[];
}
interface QueryData {
  TableName: string;
  IndexName?: string;
  Limit?: number;
  Select?: string;
  ConsistentRead?: boolean;
  ReturnConsumedCapacity?: string;
  QueryFilter?: unknown;
  ScanFilter?: unknown;
  ConditionalOperator?: unknown;
  AttributesToGet?: unknown;
  _filter?: { expression: unknown };
  _projection?: { paths: unknown };
}
/** The LevelDB range dynalite worked out for the Query (its sub-database's own keys, no prefix). */
export interface RangeOptions {
  reverse?: boolean;
  limit?: number;
  gt?: string;
  gte?: string;
  lt?: string;
  lte?: string;
}
interface LevelIterator {
  nextv(size: number): Promise<Item[]>;
  close(): Promise<void>;
}
interface Store {
  db: { values(options: RangeOptions & { highWaterMarkBytes: number }): LevelIterator };
}
type Callback = (err: Error | null, result?: unknown) => void;
export type QueryTable = (
  store: Store,
  table: Table,
  data: QueryData,
  opts: RangeOptions,
  isLocal: boolean,
  fetchFromItemDb: boolean,
  startKeyNames: string[],
  cb: Callback,
) => void;
interface DynaliteDb {
  queryTable: QueryTable;
  itemSize(item: Item, compress?: boolean, addMetaSize?: boolean, rangeKey?: string): number;
  matchesExprFilter(item: Item, expression: unknown): boolean;
  matchesFilter(item: Item, filter: unknown, operator: unknown): boolean;
  mapPaths(paths: unknown, item: Item): Item;
}

const MAX_BYTES = 1024 * 1024;
/** Entries asked of LevelDB a step (dynalite's iterator asked for 1, then 1,000). */
const STEP = 1000;
/**
 * Bytes of entries LevelDB reads a step before it answers (classic-level's default is 16 KB, a few rows): a
 * step holds a whole page, up to dynalite's 1 MB cut and one item past it (at most 400 KB).
 */
const STEP_BYTES = 1536 * 1024;
const OURS = Symbol('queryTableDirectly');

function dynaliteRequire(): NodeJS.Require {
  return createRequire(createRequire(import.meta.url).resolve('dynalite'));
}

/** dynalite's own `queryTable`, as it ships. */
export function dynaliteQueryTable(): QueryTable {
  const db = dynaliteRequire()('./db') as DynaliteDb & { queryTable: QueryTable & { [OURS]?: QueryTable } };
  return db.queryTable[OURS] ?? db.queryTable;
}

/** The key prefix of the sub-database dynalite reads (its `getItemDb` or `getIndexDb`). */
function subDbPrefix(data: QueryData, isLocal: boolean): string {
  return data.IndexName
    ? `index-${isLocal ? 'local' : 'global'}~${data.TableName}~${data.IndexName}~`
    : `item-${data.TableName}~`;
}

/** The range with the sub-database's prefix, as dynalite's prefixed wrapper gives it to LevelDB. */
export function prefixedRange(opts: RangeOptions, prefix: string): RangeOptions {
  const range: RangeOptions = { ...opts };
  if (range.gte) range.gte = prefix + range.gte;
  else if (range.gt) range.gt = prefix + range.gt;
  else range.gte = prefix;
  if (range.lte) range.lte = prefix + range.lte;
  else if (range.lt) range.lt = prefix + range.lt;
  else range.lt = `${prefix}\xFF`;
  return range;
}

export function queryTableDirectly(db: DynaliteDb, original: QueryTable): QueryTable {
  const queryTable: QueryTable = (store, table, data, opts, isLocal, fetchFromItemDb, startKeyNames, cb) => {
    if (fetchFromItemDb) {
      original(store, table, data, opts, isLocal, fetchFromItemDb, startKeyNames, cb);
      return;
    }
    read(db, store, table, data, opts, isLocal, startKeyNames).then(
      (result) => cb(null, result),
      (err: Error) => cb(err),
    );
  };
  return Object.assign(queryTable, { [OURS]: original });
}

async function read(
  db: DynaliteDb,
  store: Store,
  table: Table,
  data: QueryData,
  opts: RangeOptions,
  isLocal: boolean,
  startKeyNames: string[],
): Promise<unknown> {
  const calculateCapacity =
    data.ReturnConsumedCapacity === 'TOTAL' || data.ReturnConsumedCapacity === 'INDEXES';
  const rangeKey = table.KeySchema[1]?.AttributeName;
  // dynalite compares `count >= data.Limit`, which an absent Limit never meets.
  const limit = data.Limit ?? Number.POSITIVE_INFINITY;
  let items: Item[] = [];
  let tableCapacity = 0;
  let indexCapacity = 0;
  let size = 0;
  let count = 0;
  const iterator = store.db.values({
    ...prefixedRange(opts, subDbPrefix(data, isLocal)),
    highWaterMarkBytes: STEP_BYTES,
  });
  try {
    reading: for (;;) {
      // An empty step is the range's end (LevelDB may answer fewer than asked before it: a step is bounded
      // in bytes too).
      const step = await iterator.nextv(STEP);
      if (!step.length) break;
      for (const item of step) {
        // dynalite's takeWhile: an item is taken while fewer than Limit and under 1 MB have been.
        if (count >= limit || size >= MAX_BYTES) break reading;
        if (calculateCapacity) {
          const capacitySize = db.itemSize(item);
          if (data.IndexName) indexCapacity += capacitySize;
          else tableCapacity += capacitySize;
        }
        count++;
        size += db.itemSize(item, true, true, rangeKey);
        items.push(item);
      }
    }
  } finally {
    await iterator.close();
  }

  // From here on, dynalite's own answer (db/index.js queryTable's join).
  const lastItem = items[items.length - 1];
  const queryFilter = data.QueryFilter || data.ScanFilter;
  if (data._filter) {
    const expression = data._filter.expression;
    items = items.filter((val) => db.matchesExprFilter(val, expression));
  } else if (queryFilter) {
    items = items.filter((val) => db.matchesFilter(val, queryFilter, data.ConditionalOperator));
  }
  const result: Record<string, unknown> = { ScannedCount: count };
  if (count >= limit || size >= MAX_BYTES) {
    if (data.Limit) items.splice(data.Limit);
    if (lastItem) {
      result.LastEvaluatedKey = startKeyNames.reduce<Item>((key, attr) => {
        key[attr] = lastItem[attr] as AttributeValue;
        return key;
      }, {});
    }
  }
  const paths = data._projection ? data._projection.paths : data.AttributesToGet;
  if (paths) items = items.map((item) => db.mapPaths(paths, item));
  result.Count = items.length;
  if (data.Select !== 'COUNT') result.Items = items;
  if (calculateCapacity) {
    const tableUnits = Math.ceil(tableCapacity / 1024 / 4) * (data.ConsistentRead ? 1 : 0.5);
    const indexUnits = Math.ceil(indexCapacity / 1024 / 4) * (data.ConsistentRead ? 1 : 0.5);
    const consumed: Record<string, unknown> = {
      CapacityUnits: tableUnits + indexUnits,
      TableName: data.TableName,
    };
    if (data.ReturnConsumedCapacity === 'INDEXES') {
      consumed.Table = { CapacityUnits: tableUnits };
      if (data.IndexName) {
        consumed[isLocal ? 'LocalSecondaryIndexes' : 'GlobalSecondaryIndexes'] = {
          [data.IndexName]: { CapacityUnits: indexUnits },
        };
      }
    }
    result.ConsumedCapacity = consumed;
  }
  return result;
}

let installed = false;

/** Put the direct read in place of dynalite's `queryTable` (once; its Query action looks it up per call). */
export function readQueriesDirectly(): void {
  if (installed) return;
  installed = true;
  const db = dynaliteRequire()('./db') as DynaliteDb;
  db.queryTable = queryTableDirectly(db, db.queryTable);
}
