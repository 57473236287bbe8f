import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS, type Need } from '../../../functions/handlers/manifest';

/**
 * After the trial, without an upgrade, a family keeps reading and exporting but cannot add statements or run
 * the AI: every route that adds statements (uploads:write) or calls the AI (bedrock) checks paid access with
 * requirePaidAccess (functions/services/subscription.ts) and answers 402. Checked on the manifest, so a new
 * route of either kind is covered without anyone remembering.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const PAID: Need[] = ['uploads:write', 'bedrock'];

const paidRoutes = FUNCTIONS.filter(
  (f) => f.trigger.type === 'http' && f.needs.some((need) => PAID.includes(need)),
);

describe('paid access on the routes that add statements or run the AI', () => {
  it('finds such routes (so the check below can fail)', () => {
    expect(paidRoutes.map((f) => f.id)).toContain('CreateUpload');
  });

  it.each(paidRoutes.map((f) => [f.id, f.entry]))('%s checks requirePaidAccess', (_id, entry) => {
    const source = readFileSync(join(root, entry), 'utf8');
    expect(source).toMatch(/\brequirePaidAccess\(\s*services\(\),\s*family\s*\)/);
  });

  it('routes that only read or export do not', () => {
    for (const f of FUNCTIONS.filter((s) => s.trigger.type === 'http' && s.id.startsWith('Export'))) {
      expect(readFileSync(join(root, f.entry), 'utf8')).not.toContain('requirePaidAccess');
    }
  });
});
