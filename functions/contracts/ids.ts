import * as z from 'zod/mini';

/**
 * The formats of the ids the API takes (in a body, a query or a path). Every id has a maximum length and a
 * format, so an oversized or odd id is a 400 with a clear message before it reaches a table key (DynamoDB
 * refuses a partition key over 2,048 bytes and a sort key over 1,024 bytes: that would be a 500).
 *
 * - ULIDs: families, accounts (`ulid()`, or derived from the client's request id in the same alphabet),
 *   uploads and subscriptions are 26 characters of Crockford base 32, upper case.
 * - Catalogue ids: institutions are stable lower-case slugs (`barclays`, `hsbc-uk`).
 * - Pipeline ids: what the state machine passes between its own steps (ids taken from the object key the API
 *   issued, Textract job ids), letters, digits, dash and underscore.
 */
export const ID_FORMATS = {
  ulid: { pattern: /^[0-9A-Z]{26}$/, maxLength: 26 },
  /** A ULID the client generated (Crockford's alphabet exactly: no I, L, O or U). */
  clientUlid: { pattern: /^[0-9A-HJKMNP-TV-Z]{26}$/, maxLength: 26 },
  slug: { pattern: /^[a-z0-9][a-z0-9-]*$/, maxLength: 64 },
  pipeline: { pattern: /^[A-Za-z0-9_-]+$/, maxLength: 64 },
} as const;
export type IdFormat = keyof typeof ID_FORMATS;

/** A string id of `format`; any other value (missing, too long, other characters) answers `message`. */
export function idString(format: IdFormat, message: string) {
  const { pattern, maxLength } = ID_FORMATS[format];
  return z
    .string({ error: message })
    .check(z.minLength(1, message), z.maxLength(maxLength, message), z.regex(pattern, message));
}
