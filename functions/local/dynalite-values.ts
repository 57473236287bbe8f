import { createRequire } from 'node:module';

/**
 * After its type check, dynalite (the twin's DynamoDB) validates each BatchWriteItem's values
 * (`validations/batchWriteItem.js` `custom`): every attribute value of every item through
 * `validateAttributeValue` (its keys listed, each number parsed with big.js and written back in big.js's
 * form, each string set searched for duplicates), then each item's size (`db.itemSize`: every number parsed
 * with big.js again). For Persist's 200 batches of 25 rows of some 25 attributes, that is 25,000 numbers
 * parsed twice and 125,000 values walked.
 *
 * `checkBatchValuesOnce()` puts in place of that `custom` one that gives the same answer with less work for
 * the values rows hold, and hands everything else to dynalite's own functions:
 *  - a value of one key that is a string (S) or a boolean (BOOL) has nothing to check, as in dynalite's;
 *    a NULL of true, a string set of one string, and a number already written as big.js writes it (so that
 *    dynalite would write back the same text), a plain decimal of at most 38 characters, are valid;
 *    any other value is checked by dynalite's `validateAttributeValue`, with its message;
 *  - the item's size is worked out as dynalite's `itemSize` does, the size of such a number from its digits
 *    rather than by big.js; an item holding any other kind of value is measured by dynalite's.
 * The messages, their order (the first invalid value of the first invalid request) and the changes made
 * to the request are dynalite's: tests/unit/local/dynalite-values.test.ts runs both on the same requests.
 */

type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;
type WriteRequest = { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } };
interface BatchWriteData {
  RequestItems: Record<string, WriteRequest[]>;
}
type Custom = (data: BatchWriteData, store: { options: { maxItemSize: number } }) => string | undefined;

interface DynaliteModules {
  validations: { validateAttributeValue(value: AttributeValue): string | undefined };
  db: { itemSize(item: Item): number };
  batchWriteItem: { custom: Custom };
}

function dynalite(): DynaliteModules {
  // The copy of dynalite the twin runs, wherever npm placed it.
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
  return {
    validations: fromDynalite('./validations'),
    db: fromDynalite('./db'),
    batchWriteItem: fromDynalite('./validations/batchWriteItem'),
  };
}

/** dynalite's own `custom` check of a BatchWriteItem, for tests that compare the two. */
export function dynaliteBatchWriteCheck(): Custom {
  return original ?? dynalite().batchWriteItem.custom;
}

let original: Custom | undefined;

/** Replace dynalite's check of a BatchWriteItem's values with `checkBatchWriteValues` (once per thread). */
export function checkBatchValuesOnce(): void {
  const modules = dynalite();
  if (original) return;
  original = modules.batchWriteItem.custom;
  modules.batchWriteItem.custom = checkBatchWriteValues;
}

/** dynalite's BatchWriteItem `custom` check, step for step, with the values of rows checked at once. */
export const checkBatchWriteValues: Custom = (data, store) => {
  const { validations, db } = modules();
  for (const table in data.RequestItems) {
    const requests = data.RequestItems[table]!;
    if (requests.some((item) => !Object.keys(item).length))
      return 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes';
    for (const request of requests) {
      if (request.PutRequest) {
        const item = request.PutRequest.Item;
        for (const key in item) {
          const value = item[key]!;
          if (isPlainValid(value)) continue;
          const msg = validations.validateAttributeValue(value);
          if (msg) return msg;
        }
        if ((sizeOf(item) ?? db.itemSize(item)) > store.options.maxItemSize)
          return 'Item size has exceeded the maximum allowed size';
      } else if (request.DeleteRequest) {
        for (const key in request.DeleteRequest.Key) {
          const msg = validations.validateAttributeValue(request.DeleteRequest.Key[key]!);
          if (msg) return msg;
        }
      }
    }
  }
  return undefined;
};

let loaded: DynaliteModules | undefined;
function modules(): DynaliteModules {
  loaded ??= dynalite();
  return loaded;
}

/** The one key of a value, or undefined when it has none or several (as `Object.keys` counts them). */
function onlyKey(value: AttributeValue): string | undefined {
  let only: string | undefined;
  let keys = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return undefined;
    only = key;
    if (++keys > 1) return undefined;
  }
  return only;
}

/**
 * A number as big.js writes it (`new Big(n).toFixed()`): no exponent, no leading zeros, no trailing zeros
 * after a point, no '-0'; at most 38 characters, so within DynamoDB's digits and magnitudes.
 */
const PLAIN_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?$/;
function isPlainNumber(n: unknown): n is string {
  return typeof n === 'string' && n.length <= 38 && n !== '-0' && PLAIN_NUMBER.test(n);
}

/** True when dynalite's `validateAttributeValue` would find nothing wrong and change nothing. */
function isPlainValid(value: AttributeValue): boolean {
  switch (onlyKey(value)) {
    case 'S':
    case 'BOOL':
      return true;
    case 'NULL':
      return Boolean(value.NULL);
    case 'N':
      return isPlainNumber(value.N);
    case 'SS': {
      const set = value.SS;
      return Array.isArray(set) && set.length === 1;
    }
    default:
      return false;
  }
}

/**
 * dynalite's `itemSize(item)` (no compression, no metadata) for items of strings, plain numbers, booleans,
 * nulls and sets of strings; undefined for an item holding any other value.
 */
export function sizeOf(item: Item): number | undefined {
  let size = 0;
  for (const attr of Object.keys(item)) {
    const value = item[attr]!;
    const type = Object.keys(value)[0];
    const val = value[type as string];
    let valueSize: number;
    switch (type) {
      case 'S':
        if (typeof val !== 'string') return undefined;
        valueSize = val.length;
        break;
      case 'N':
        if (!isPlainNumber(val)) return undefined;
        valueSize = numberSize(val);
        break;
      case 'NULL':
      case 'BOOL':
        valueSize = 1;
        break;
      case 'SS': {
        if (!Array.isArray(val)) return undefined;
        valueSize = 0;
        for (const member of val) {
          if (typeof member !== 'string') return undefined;
          valueSize += member.length;
        }
        break;
      }
      default:
        return undefined;
    }
    size += valueSize + attr.length;
  }
  return size;
}

/**
 * dynalite's size of a number (db/index.js valSize 'N'), from big.js's digits (`c`, without leading or
 * trailing zeros), exponent (`e`) and sign, read off a plain number's text.
 */
function numberSize(n: string): number {
  const negative = n.charCodeAt(0) === 45; // '-'
  const text = negative ? n.slice(1) : n;
  const point = text.indexOf('.');
  const whole = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? '' : text.slice(point + 1);
  let digits: number;
  let e: number;
  if (whole !== '0') {
    e = whole.length - 1;
    // the whole part's trailing zeros are not digits of big.js's when there is no fraction ('100': [1])
    let end = whole.length;
    if (!fraction) while (end > 1 && whole.charCodeAt(end - 1) === 48) end--;
    digits = end + fraction.length;
  } else {
    if (!fraction) return 1; // zero
    let lead = 0;
    while (fraction.charCodeAt(lead) === 48) lead++;
    e = -(lead + 1);
    digits = fraction.length - lead;
  }
  return 1 + Math.ceil(digits / 2) + (digits % 2 || e % 2 ? 0 : 1) + (negative ? 1 : 0);
}
