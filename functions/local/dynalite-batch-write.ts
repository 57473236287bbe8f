import { createRequire } from 'node:module';

/**
 * dynalite (the twin's DynamoDB) runs a BatchWriteItem as one PutItem or DeleteItem per request in it, each
 * on its own: for every item it reads the table's definition from LevelDB again (and parses its JSON),
 * checks the item against it a second time, works out its key again (an MD5 for the key, two more for each
 * index entry), reads the stored item, and writes each index entry and the item one after another, turning
 * the same item into JSON once for the index entry (the indexes project ALL) and once for itself, each
 * LevelDB call answered through a promise and a timer. For Persist's 200 batches of 25 rows that is most of
 * the DynamoDB thread's work.
 *
 * `writeBatchesTogether()` puts in place of dynalite's `batchWriteItem` action one that does the same
 * writes with that work done once:
 *  - the table's definition is read once per table of the request (as dynalite's own check already did),
 *    and each item is checked against it once, with the same errors in the same order;
 *  - the hash prefix of a partition key (an MD5) is worked out once per request for each value: a batch's
 *    rows share a few partition keys;
 *  - the keys of a table's requests are locked together (dynalite's own per-key lock, which its PutItem,
 *    UpdateItem and DeleteItem take), the stored items read at once, and every index entry
 *    removed or written and every item written or deleted goes to LevelDB as one batch, in the order
 *    dynalite issued them; the locks are released once the batch is written;
 *  - an item is turned into JSON once, and that text stored as the item and as each index entry that
 *    projects it whole: the bytes LevelDB stores are those dynalite's JSON encoding wrote.
 * What is stored (the same keys and values in the same data folder), the answer (UnprocessedItems empty,
 * ConsumedCapacity when asked) and the errors are dynalite's: tests/unit/local/dynalite-batch-write.test.ts
 * runs both on the same requests and compares every LevelDB entry and every answer. The writes of one
 * request are now one LevelDB batch, so a batch's writes are stored all together or not at all, where
 * dynalite's were stored one by one (DynamoDB promises neither). Only the twin runs this: the Lambda bundles
 * never load dynalite.
 */

interface KeyElement {
  AttributeName: string;
}
interface Index {
  IndexName: string;
  KeySchema: KeyElement[];
  Projection: { ProjectionType: string; NonKeyAttributes?: string[] };
}
interface Table {
  TableName: string;
  KeySchema: KeyElement[];
  AttributeDefinitions: Array<{ AttributeName: string; AttributeType: string }>;
  GlobalSecondaryIndexes?: Index[];
  LocalSecondaryIndexes?: Index[];
}
type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;
type WriteRequest = { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } };
interface BatchWriteData {
  RequestItems: Record<string, WriteRequest[]>;
  ReturnConsumedCapacity?: string;
}
interface DynaliteError extends Error {
  statusCode?: number;
  body?: { __type: string; message: string };
}
type Callback<T> = (err: DynaliteError | null, result?: T) => void;
type LevelOperation =
  | { type: 'put'; key: string; value: string; valueEncoding: 'utf8' }
  | { type: 'del'; key: string };
interface Store {
  db: {
    getMany(keys: string[]): Promise<Array<Item | undefined>>;
    getSync?(key: string): Item | undefined;
    batch(operations: LevelOperation[]): Promise<void>;
  };
  getTable(name: string, cb: Callback<Table>): void;
  getItemDb(name: string): {
    lock(keys: string[], exec: (release: (done: Callback<unknown>) => Callback<unknown>) => void): void;
  };
}
interface ConsumedCapacity {
  CapacityUnits: number;
  TableName: string;
}
interface DynaliteDb {
  validateItem(item: Item, table: Table): DynaliteError | undefined | null;
  validateKey(key: Item, table: Table): DynaliteError | undefined | null;
  validationError(message: string): DynaliteError;
  traverseKey(
    table: Table,
    keySchema: KeyElement[],
    visit: (attr: string, type: string, isHash: boolean) => unknown,
  ): unknown;
  hashPrefix(hashKey: unknown, hashType: string, rangeKey?: unknown, rangeType?: string): string;
  toRangeStr(keyPiece: unknown, type: string): string;
  addConsumedCapacity(
    data: { TableName: string; ReturnConsumedCapacity?: string },
    isRead: boolean,
    newItem?: Item,
    oldItem?: Item,
  ): ConsumedCapacity | undefined;
}
type BatchWriteItem = (store: Store, data: BatchWriteData, cb: Callback<unknown>) => void;

let installed = false;

function fromDynalite(): NodeJS.Require {
  return createRequire(createRequire(import.meta.url).resolve('dynalite'));
}

/**
 * Replace dynalite's BatchWriteItem action (once per thread). dynalite keeps its actions in a table of its
 * own, filled from `require('./actions/…')` when its index loads, so this runs before dynalite is first
 * loaded, and says so when it is too late.
 */
export function writeBatchesTogether(): void {
  if (installed) return;
  const require = fromDynalite();
  if (require.cache[require.resolve('dynalite')])
    throw new Error('writeBatchesTogether() must run before dynalite is loaded');
  const path = require.resolve('./actions/batchWriteItem');
  require(path);
  const loaded = require.cache[path];
  if (!loaded) throw new Error("dynalite's batchWriteItem action was not loaded");
  loaded.exports = batchWriteItem(require('./db') as DynaliteDb);
  installed = true;
}

/** dynalite's own BatchWriteItem, for tests that compare the two. */
export function dynaliteBatchWriteItem(): BatchWriteItem {
  const require = fromDynalite();
  const path = require.resolve('./actions/batchWriteItem');
  if (installed) {
    delete require.cache[path];
    const original = require(path) as BatchWriteItem;
    // Put ours back for dynalite's later loads.
    const ours = require.cache[path];
    if (ours) ours.exports = batchWriteItem(require('./db') as DynaliteDb);
    return original;
  }
  return require(path) as BatchWriteItem;
}

/** The BatchWriteItem action described above, over dynalite's `db` module. */
export function batchWriteItem(db: DynaliteDb): BatchWriteItem {
  return (store, data, cb) => {
    const hashes = new Map<string, string>();
    const tableNames = Object.keys(data.RequestItems);
    const prepared: Array<{ table: Table; keys: string[] }> = [];
    let waiting = tableNames.length;
    let answered = false;
    const fail = (err: DynaliteError) => {
      if (answered) return;
      answered = true;
      if (
        err.body &&
        (/Missing the key/.test(err.body.message) || /Type mismatch for key/.test(err.body.message))
      )
        err.body.message = 'The provided key element does not match the schema';
      cb(err);
    };
    // Every table's requests are checked before anything is written, as dynalite's own did.
    tableNames.forEach((tableName, at) => {
      store.getTable(tableName, (err, table) => {
        if (answered) return;
        if (err || !table) return fail(err ?? db.validationError('Requested resource not found'));
        const requests = data.RequestItems[tableName] ?? [];
        const keys: string[] = [];
        const seenKeys = new Set<string>();
        let key = '';
        for (const request of requests) {
          if (request.PutRequest) {
            const invalid = db.validateItem(request.PutRequest.Item, table);
            if (invalid != null) return fail(invalid);
            key = keyOf(db, request.PutRequest.Item, table, table.KeySchema, hashes);
          } else if (request.DeleteRequest) {
            const invalid = db.validateKey(request.DeleteRequest.Key, table);
            if (invalid != null) return fail(invalid);
            key = keyOf(db, request.DeleteRequest.Key, table, table.KeySchema, hashes);
          }
          if (seenKeys.has(key))
            return fail(db.validationError('Provided list of item keys contains duplicates'));
          seenKeys.add(key);
          keys.push(key);
        }
        prepared[at] = { table, keys };
        if (--waiting === 0) write();
      });
    });

    function write() {
      const units: Array<number | undefined> = [];
      let writing = tableNames.length;
      tableNames.forEach((tableName, at) => {
        const { table, keys } = prepared[at]!;
        const requests = data.RequestItems[tableName] ?? [];
        store.getItemDb(tableName).lock(keys, (release) => {
          const done = release((err, tableUnits) => {
            if (answered) return;
            if (err) return fail(err);
            units[at] = tableUnits as number | undefined;
            if (--writing === 0) answer(units);
          });
          writeTable(store, db, table, requests, keys, data.ReturnConsumedCapacity, hashes).then(
            (tableUnits) => done(null, tableUnits),
            (error: DynaliteError) => done(error),
          );
        });
      });
    }

    function answer(units: Array<number | undefined>) {
      answered = true;
      const res: { UnprocessedItems: object; ConsumedCapacity?: object[] } = { UnprocessedItems: {} };
      if (data.ReturnConsumedCapacity === 'TOTAL' || data.ReturnConsumedCapacity === 'INDEXES')
        res.ConsumedCapacity = tableNames.map((TableName, at) => ({
          CapacityUnits: units[at],
          TableName,
          Table: data.ReturnConsumedCapacity === 'INDEXES' ? { CapacityUnits: units[at] } : undefined,
        }));
      cb(null, res);
    }
  };
}

/**
 * One table's requests, its keys locked: the stored items read together, then every index entry and item
 * written or deleted in one LevelDB batch. The table's consumed capacity when asked for.
 */
async function writeTable(
  store: Store,
  db: DynaliteDb,
  table: Table,
  requests: WriteRequest[],
  keys: string[],
  returnConsumedCapacity: string | undefined,
  hashes: Map<string, string>,
): Promise<number | undefined> {
  // dynalite's key prefixes of a table's items and of its index entries (db/index.js getSubDb).
  const itemPrefix = `item-${table.TableName}~`;
  const indexPrefix = (kind: 'Local' | 'Global', index: Index) =>
    `index-${kind.toLowerCase()}~${table.TableName}~${index.IndexName}~`;
  // LevelDB's synchronous reads where it has them (memory, or a read of a table file), as level-writes.ts
  // answers dynalite's own reads.
  const { getSync } = store.db;
  const existing = getSync
    ? keys.map((key) => getSync.call(store.db, itemPrefix + key))
    : await store.db.getMany(keys.map((key) => itemPrefix + key));
  const operations: LevelOperation[] = [];
  const options = {
    TableName: table.TableName,
    ...(returnConsumedCapacity ? { ReturnConsumedCapacity: returnConsumedCapacity } : {}),
  };
  let units: number | undefined;
  requests.forEach((request, at) => {
    const stored = existing[at];
    const item = request.PutRequest ? request.PutRequest.Item : undefined;
    if (!item && !request.DeleteRequest) return;
    const json = item ? JSON.stringify(item) : '';
    // dynalite's updateIndexes: each kind's deletes, then its puts.
    const deletes: LevelOperation[] = [];
    const puts: LevelOperation[] = [];
    for (const kind of ['Local', 'Global'] as const) {
      for (const index of table[`${kind}SecondaryIndexes`] ?? []) {
        const change = indexChange(db, table, index, stored, item, hashes);
        if (change.put)
          puts.push({
            type: 'put',
            key: indexPrefix(kind, index) + change.put.key,
            value: change.put.item === item ? json : JSON.stringify(change.put.item),
            valueEncoding: 'utf8',
          });
        if (change.delete) deletes.push({ type: 'del', key: indexPrefix(kind, index) + change.delete });
      }
    }
    operations.push(...deletes, ...puts);
    operations.push(
      item
        ? { type: 'put', key: itemPrefix + keys[at], value: json, valueEncoding: 'utf8' }
        : { type: 'del', key: itemPrefix + keys[at] },
    );
    const capacity = item
      ? db.addConsumedCapacity(options, false, stored, item)
      : db.addConsumedCapacity(options, false, stored);
    if (capacity) units = (units ?? 0) + capacity.CapacityUnits;
  });
  if (operations.length) await store.db.batch(operations);
  return units;
}

/**
 * dynalite's `createKey`, with the hash prefix of each partition key value worked out once per request.
 */
function keyOf(
  db: DynaliteDb,
  item: Item,
  table: Table,
  keySchema: KeyElement[],
  hashes: Map<string, string>,
): string {
  let key = '';
  db.traverseKey(table, keySchema, (attr, type, isHash) => {
    const value = item[attr]![type];
    if (isHash) {
      const cached = `${type}\u0000${String(value)}`;
      let prefix = hashes.get(cached);
      if (prefix === undefined) {
        prefix = db.hashPrefix(value, type);
        hashes.set(cached, prefix);
      }
      key = `${prefix}/`;
    }
    key += `${db.toRangeStr(value, type)}/`;
    return undefined;
  });
  return key;
}

/** dynalite's `getIndexActions` for one index: the entry to write (its key and item) and the one to remove. */
function indexChange(
  db: DynaliteDb,
  table: Table,
  index: Index,
  existingItem: Item | undefined,
  item: Item | undefined,
  hashes: Map<string, string>,
): { put?: { key: string; item: Item }; delete?: string } {
  const change: { put?: { key: string; item: Item }; delete?: string } = {};
  const indexKeys = index.KeySchema.map((key) => key.AttributeName);
  let key: string | null = null;
  if (item && indexKeys.every((attr) => item[attr] != null)) {
    let itemPieces = item;
    if (index.Projection.ProjectionType !== 'ALL') {
      const tableKeys = table.KeySchema.map((k) => k.AttributeName);
      const indexAttrs = indexKeys.concat(tableKeys, index.Projection.NonKeyAttributes ?? []);
      itemPieces = indexAttrs.reduce<Item>((obj, attr) => {
        obj[attr] = item[attr] as AttributeValue;
        return obj;
      }, Object.create(null) as Item);
    }
    key = indexKeyOf(db, itemPieces, table, index.KeySchema, hashes);
    change.put = { key, item: itemPieces };
  }
  if (existingItem && indexKeys.every((attr) => existingItem[attr] != null)) {
    const existingKey = indexKeyOf(db, existingItem, table, index.KeySchema, hashes);
    if (existingKey !== key) change.delete = existingKey;
  }
  return change;
}

/** dynalite's `createIndexKey`: the index key, then the hash of the item's table key. */
function indexKeyOf(
  db: DynaliteDb,
  item: Item,
  table: Table,
  keySchema: KeyElement[],
  hashes: Map<string, string>,
): string {
  const tableKeyPieces: unknown[] = [];
  db.traverseKey(table, table.KeySchema, (attr, type) => {
    tableKeyPieces.push(item[attr]![type], type);
    return undefined;
  });
  const [hashKey, hashType, rangeKey, rangeType] = tableKeyPieces as [unknown, string, unknown, string];
  return keyOf(db, item, table, keySchema, hashes) + db.hashPrefix(hashKey, hashType, rangeKey, rangeType);
}
