import { ValidationError } from './errors';

/** Any zod (classic or mini) schema: only safeParse is used. */
export interface Schema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/**
 * A request part (`what`: body, query, path) read with its contract, or a 400 naming the first field that
 * does not fit and every issue. The HTTP middleware reads each part with it; a use case reads a body with it
 * when what the body means is known only after the family's own record is found (another family's id is not
 * found, whatever its body says).
 */
export function parseWith<T>(schema: Schema<T> | undefined, value: unknown, what: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    const field = first?.path.map(String).join('.') || what;
    throw new ValidationError(first?.message ?? `Invalid ${what}`, {
      issues: result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      field,
    });
  }
  return result.data;
}
