import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ID_FORMATS } from '../../../functions/contracts/ids';

/**
 * Every id the system takes in (an API body, query or path; the pipeline's own state) has a maximum length
 * and a format, so an oversized or odd id is refused with a clear 400 before it becomes part of a DynamoDB key
 * (2,048 bytes for a partition key, 1,024 for a sort key: beyond them DynamoDB throws, which was a 500).
 * This walks every schema the contracts export for input, so an id added later without bounds fails here.
 */
const CONTRACTS = join(import.meta.dirname, '../../../functions/contracts');
/** Exports that describe what the system is given (responses are what it produces). */
const INPUT = /(Request|Params|Query|Update|Input|State|Failure)Schema$/;
/** A field that holds an id: `id`, `client_id`, `accountId`, ... */
const ID_FIELD = /^id$|_id$|[a-z]Id$/;

interface Def {
  type: string;
  shape?: Record<string, { _zod: { def: Def } }>;
  innerType?: { _zod: { def: Def } };
  element?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  options?: Array<{ _zod: { def: Def } }>;
  checks?: Array<{ _zod: { def: { check: string; maximum?: number; format?: string; pattern?: RegExp } } }>;
}

/** Every string field found under `def`, with its path. */
function strings(def: Def, path: string): Array<{ path: string; def: Def }> {
  switch (def.type) {
    case 'string':
      return [{ path, def }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) =>
        strings(value._zod.def, path ? `${path}.${key}` : key),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return strings(def.innerType!._zod.def, path);
    case 'array':
      return strings(def.element!._zod.def, `${path}[]`);
    case 'pipe':
      return strings(def.in!._zod.def, path);
    case 'union':
      return (def.options ?? []).flatMap((o) => strings(o._zod.def, path));
    default:
      return [];
  }
}

async function inputSchemas(): Promise<Array<{ name: string; def: Def }>> {
  const found: Array<{ name: string; def: Def }> = [];
  for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(join(CONTRACTS, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const def = (value as { _zod?: { def?: Def } } | null)?._zod?.def;
      if (def && INPUT.test(name)) found.push({ name: `${file}:${name}`, def });
    }
  }
  return found;
}

describe('ids in the contracts', () => {
  it('the walker finds the API and pipeline inputs, and ids in them', async () => {
    const schemas = await inputSchemas();
    const names = schemas.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'uploads.ts:createUploadRequestSchema',
        'accounts.ts:accountIdParamsSchema',
        'accounts.ts:createAccountsRequestSchema',
        'pipeline.ts:pipelineStateSchema',
      ]),
    );
    const ids = schemas.flatMap((s) => strings(s.def, '').filter((f) => ID_FIELD.test(last(f.path))));
    expect(ids.length).toBeGreaterThanOrEqual(8);
  });

  it('every id field of every input has a maximum length and a format', async () => {
    const unbounded: string[] = [];
    for (const schema of await inputSchemas()) {
      for (const field of strings(schema.def, '')) {
        if (!ID_FIELD.test(last(field.path))) continue;
        const checks = (field.def.checks ?? []).map((c) => c._zod.def);
        const max = checks.find((c) => c.check === 'max_length')?.maximum;
        const format = checks.find((c) => c.check === 'string_format');
        if (max === undefined || max > 64 || !format) unbounded.push(`${schema.name} ${field.path}`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('the id formats match the ids the product generates', async () => {
    const { ulid } = await import('ulid');
    const { derivedAccountId } = await import('../../../functions/services/accounts');
    const { INSTITUTIONS } = await import('../../../functions/adapters/dynamodb/catalogue/institutions');
    expect(ulid()).toMatch(ID_FORMATS.ulid.pattern);
    expect(ulid()).toMatch(ID_FORMATS.clientUlid.pattern);
    expect(derivedAccountId(ulid(), 'current_accounts')).toMatch(ID_FORMATS.ulid.pattern);
    for (const institution of INSTITUTIONS) {
      expect(institution.id).toMatch(ID_FORMATS.slug.pattern);
      expect(institution.id.length).toBeLessThanOrEqual(ID_FORMATS.slug.maxLength);
    }
  });

  it('an id of 1,017 characters is refused with the field named, not passed on', async () => {
    const { createUploadRequestSchema } = await import('../../../functions/contracts/uploads');
    const { accountIdParamsSchema } = await import('../../../functions/contracts/accounts');
    const long = 'A'.repeat(1017);
    const upload = createUploadRequestSchema.safeParse({ accountId: long, fileName: 'a.pdf', size: 10 });
    expect(upload.success).toBe(false);
    expect(upload.error?.issues[0]).toMatchObject({ path: ['accountId'], message: 'Not an account id' });
    expect(accountIdParamsSchema.safeParse({ id: long }).success).toBe(false);
  });
});

function last(path: string): string {
  return path.split('.').at(-1)!.replace(/\[\]$/, '');
}
