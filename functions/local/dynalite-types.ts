import { createRequire } from 'node:module';

/**
 * dynalite (the twin's DynamoDB) checks the JSON types of every request (`validations.checkTypes`: a String
 * where a String belongs, a map where a map belongs, …) before it validates and runs it, answering
 * DynamoDB's SerializationException when one is wrong. Its check builds, for every attribute value of every
 * item, a fresh description of the ten attribute types (ten objects and their children), a regular
 * expression match of each type name and two closures: for a BatchWriteItem of 25 rows of some 25
 * attributes, tens of thousands of short-lived objects, about half of all the DynamoDB thread allocates and
 * much of its garbage collection.
 *
 * `checkTypesOnce()` puts in its place the same check written so that those constant parts are built once:
 * the attribute types' description and each type name's parts are made on first use and shared (nothing
 * writes to them), and the helpers are module functions. Everything else is dynalite's own, step for step:
 * the same walk in the same order, the same copy of the request (the same keys in the same order, unknown
 * keys removed from the request as it goes), the same conversions and the same errors with the same
 * messages. dynalite's request handler calls the check through its module's exports, so replacing the export
 * replaces it everywhere.
 */
interface TypeSpec {
  type?: string;
  children?: TypeSpec | string | Record<string, TypeSpec | string>;
  [validation: string]: unknown;
}
type Types = Record<string, TypeSpec | string>;
interface TypeError extends Error {
  statusCode: number;
  body: { __type: string; Message: string };
}

interface Validations {
  checkTypes(data: Record<string, unknown>, types: Types): Record<string, unknown>;
}

let installed = false;

export function dynaliteValidations(): Validations {
  // The copy of dynalite the twin runs, wherever npm placed it.
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
  return fromDynalite('./validations');
}

/** Replace dynalite's type check with `checkTypes` below (once per thread). */
export function checkTypesOnce(): void {
  if (installed) return;
  installed = true;
  dynaliteValidations().checkTypes = checkTypes;
}

function typeError(msg: string): TypeError {
  const err = new Error(msg) as TypeError;
  err.statusCode = 400;
  err.body = {
    __type: 'com.amazon.coral.service#SerializationException',
    Message: msg,
  };
  return err;
}

/** A type name's parts: `Map<AttributeValue>` → ['Map', 'AttributeValue']; null without `<…>`. */
const typeParts = new Map<string, [string, string] | null>();
function partsOf(type: string): [string, string] | null {
  let parts = typeParts.get(type);
  if (parts === undefined) {
    const match = type.match(/(.+?)<(.+)>$/);
    parts = match != null ? [match[1]!, match[2]!] : null;
    typeParts.set(type, parts);
  }
  return parts;
}

/** `{ type: name }`, for children given by name, one per name. */
const namedChildren = new Map<string, TypeSpec>();
function childrenNamed(name: string): TypeSpec {
  let spec = namedChildren.get(name);
  if (!spec) {
    spec = { type: name };
    namedChildren.set(name, spec);
  }
  return spec;
}

/** The ten attribute value types, as dynalite describes them for every value. */
const ATTRIBUTE_VALUE_CHILDREN = {
  S: 'String',
  B: 'Blob',
  N: 'String',
  BOOL: 'Boolean',
  NULL: 'Boolean',
  BS: {
    type: 'List',
    children: 'Blob',
  },
  NS: {
    type: 'List',
    children: 'String',
  },
  SS: {
    type: 'List',
    children: 'String',
  },
  L: {
    type: 'List',
    children: 'AttrStruct<ValueStruct>',
  },
  M: {
    type: 'Map<AttributeValue>',
    children: 'AttrStruct<ValueStruct>',
  },
};
const ATTRIBUTE_VALUE_TYPES = Object.keys(ATTRIBUTE_VALUE_CHILDREN);
/** `AttrStruct<X>`'s description, one per X. */
const attributeStructs = new Map<string, TypeSpec>();
function attributeStruct(subtype: string): TypeSpec {
  let spec = attributeStructs.get(subtype);
  if (!spec) {
    spec = { type: `${subtype}<AttributeValue>`, children: ATTRIBUTE_VALUE_CHILDREN };
    attributeStructs.set(subtype, spec);
  }
  return spec;
}

export function checkTypes(data: Record<string, unknown>, types: Types): Record<string, unknown> {
  // (dynalite's module is not strict: a delete that cannot delete, such as of a string's index, does nothing)
  if (typeof data === 'object')
    for (const key in data) {
      if (!types[key] || data[key] == null) delete data[key];
    }
  const newData: Record<string, unknown> = {};
  for (const key of types === ATTRIBUTE_VALUE_CHILDREN ? ATTRIBUTE_VALUE_TYPES : Object.keys(types)) {
    const val = checkType(data[key], types[key]!);
    if (val != null) newData[key] = val;
  }
  return newData;
}

function checkType(val: unknown, typeSpec: TypeSpec | string): unknown {
  if (val == null) return null;
  let children = (typeSpec as TypeSpec).children;
  if (typeof children === 'string') children = childrenNamed(children);
  let type = ((typeSpec as TypeSpec).type ? (typeSpec as TypeSpec).type : typeSpec) as string;
  const parts = partsOf(type);
  let subtype: string | undefined;
  if (parts != null) {
    type = parts[0];
    subtype = parts[1];
  }

  if (type === 'AttrStruct')
    return subtype === 'ValueStruct'
      ? attributeValue(val)
      : checkType(val, attributeStruct(subtype as string));

  switch (type) {
    case 'Boolean':
      switch (typeof val) {
        case 'number':
          throw typeError(
            `${val % 1 === 0 ? 'NUMBER_VALUE' : 'DECIMAL_VALUE'} cannot be converted to ${type}`,
          );
        case 'string': {
          // 'true'/'false'/'1'/'0'/'no'/'yes' seem to convert fine
          const upper = val.toUpperCase();
          if (['TRUE', '1', 'YES'].includes(upper)) return true;
          if (['FALSE', '0', 'NO'].includes(upper)) return false;
          throw typeError('Unexpected token received from parser');
        }
        case 'object':
          if (Array.isArray(val)) throw typeError(`Unrecognized collection type class java.lang.${type}`);
          throw typeError('Start of structure or map found where not expected');
      }
      return val;
    case 'Short':
    case 'Integer':
    case 'Long':
    case 'Double':
      switch (typeof val) {
        case 'boolean':
          throw typeError(`${val ? 'TRUE_VALUE' : 'FALSE_VALUE'} cannot be converted to ${type}`);
        case 'number':
          if (type !== 'Double') return Math.floor(val);
          break;
        case 'string':
          throw typeError(`STRING_VALUE cannot be converted to ${type}`);
        case 'object':
          if (Array.isArray(val)) throw typeError(`Unrecognized collection type class java.lang.${type}`);
          throw typeError('Start of structure or map found where not expected');
      }
      return val;
    case 'String':
      switch (typeof val) {
        case 'boolean':
          throw typeError(`${val ? 'TRUE_VALUE' : 'FALSE_VALUE'} cannot be converted to ${type}`);
        case 'number':
          throw typeError(
            `${val % 1 === 0 ? 'NUMBER_VALUE' : 'DECIMAL_VALUE'} cannot be converted to ${type}`,
          );
        case 'object':
          if (Array.isArray(val)) throw typeError(`Unrecognized collection type class java.lang.${type}`);
          throw typeError('Start of structure or map found where not expected');
      }
      return val;
    case 'Blob':
      switch (typeof val) {
        case 'boolean':
        case 'number':
          throw typeError('only base-64-encoded strings are convertible to bytes');
        case 'object':
          if (Array.isArray(val)) throw typeError('Unrecognized collection type class java.nio.ByteBuffer');
          throw typeError('Start of structure or map found where not expected');
      }
      if ((val as string).length % 4)
        throw typeError(
          `Base64 encoded length is expected a multiple of 4 bytes but found: ${(val as string).length}`,
        );
      if (Buffer.from(val as string, 'base64').toString('base64') !== val)
        throw typeError('Invalid last non-pad Base64 character dectected');
      return val;
    case 'List':
      switch (typeof val) {
        case 'boolean':
        case 'number':
        case 'string':
          throw typeError('Unexpected field type');
        case 'object':
          if (!Array.isArray(val)) throw typeError('Start of structure or map found where not expected');
      }
      return listOf(val as unknown[], children as TypeSpec);
    case 'ParameterizedList':
      switch (typeof val) {
        case 'boolean':
        case 'number':
        case 'string':
          throw typeError(
            "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')",
          );
        case 'object':
          if (!Array.isArray(val)) throw typeError('Start of structure or map found where not expected');
      }
      return listOf(val as unknown[], children as TypeSpec);
    case 'ParameterizedMap':
      switch (typeof val) {
        case 'boolean':
        case 'number':
        case 'string':
          throw typeError(
            "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')",
          );
        case 'object':
          if (Array.isArray(val))
            throw typeError(
              'Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>',
            );
      }
      return mapOf(val as Record<string, unknown>, children as TypeSpec);
    case 'Map':
      switch (typeof val) {
        case 'boolean':
        case 'number':
        case 'string':
          throw typeError('Unexpected field type');
        case 'object':
          if (Array.isArray(val)) {
            const named = subtype as string;
            throw typeError(
              `Unrecognized collection type java.util.Map<java.lang.String, ${named.includes('.') ? named : `com.amazonaws.dynamodb.v20120810.${named}`}>`,
            );
          }
      }
      return mapOf(val as Record<string, unknown>, children as TypeSpec);
    case 'ValueStruct':
      switch (typeof val) {
        case 'boolean':
        case 'number':
        case 'string':
          throw typeError('Unexpected value type in payload');
        case 'object':
          if (Array.isArray(val))
            throw typeError(`Unrecognized collection type class com.amazonaws.dynamodb.v20120810.${subtype}`);
      }
      return checkTypes(val as Record<string, unknown>, children as Types);
    case 'FieldStruct':
      switch (typeof val) {
        case 'boolean':
        case 'number':
        case 'string':
          throw typeError('Unexpected field type');
        case 'object':
          if (Array.isArray(val))
            throw typeError(`Unrecognized collection type class com.amazonaws.dynamodb.v20120810.${subtype}`);
      }
      return checkTypes(val as Record<string, unknown>, children as Types);
    default:
      throw new Error(`Unknown type: ${type}`);
  }
}

/**
 * An attribute value (`AttrStruct<ValueStruct>`) as `checkType` gives it: a value of one type, a string
 * (S, N), a boolean (BOOL, NULL) or a list of strings (SS, NS), is copied at once, as the walk below would
 * copy it (nothing of it removed, a new object of that one key); any other value (several keys, a key of no
 * type, a value to convert or to refuse, B, BS, L, M) takes the walk. Every row's twenty-odd attributes are
 * of the first kind, and the walk looks at all ten types for each.
 */
export function attributeValue(val: unknown): unknown {
  if (typeof val === 'object' && val !== null && !Array.isArray(val)) {
    let only: string | undefined;
    let keys = 0;
    for (const key in val) {
      only = key;
      if (++keys > 1) break;
    }
    if (keys === 1) {
      const value = (val as Record<string, unknown>)[only as string];
      switch (only) {
        case 'S':
          if (typeof value === 'string') return { S: value };
          break;
        case 'N':
          if (typeof value === 'string') return { N: value };
          break;
        case 'BOOL':
          if (typeof value === 'boolean') return { BOOL: value };
          break;
        case 'NULL':
          if (typeof value === 'boolean') return { NULL: value };
          break;
        case 'SS':
        case 'NS':
          if (Array.isArray(value) && value.every((member) => typeof member === 'string'))
            return only === 'SS' ? { SS: value.slice() } : { NS: value.slice() };
          break;
      }
    }
  }
  return checkType(val, attributeStruct('ValueStruct'));
}

function listOf(val: unknown[], children: TypeSpec): unknown[] {
  return val.map((child) => checkType(child, children));
}

function mapOf(val: Record<string, unknown>, children: TypeSpec): Record<string, unknown> {
  const newVal: Record<string, unknown> = {};
  for (const key of Object.keys(val)) newVal[key] = checkType(val[key], children);
  return newVal;
}
