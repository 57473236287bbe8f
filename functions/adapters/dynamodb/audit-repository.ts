import { ulid } from 'ulid';
import type { CorrectionAudit } from '../../domain/types';
import { keys } from './keys';
import { batchWriteAll, queryPrefix } from './paging';

/**
 * The family's correction audit (spec 2 §3 user_corrections_audit): one row per corrected transaction, and
 * one per leg of a rejected transfer match (its reason starts 'Cross-account match rejected:'). Rows are
 * only ever added; ULID ids keep them in the order they were written.
 */
export interface AuditItem extends CorrectionAudit {
  id: string;
  family_id: string;
  created_at: string;
}

export async function putAudits(
  familyId: string,
  audits: readonly CorrectionAudit[],
  now: string,
): Promise<AuditItem[]> {
  const items = audits.map((a) => ({ ...a, id: ulid(), family_id: familyId, created_at: now }));
  await batchWriteAll(
    items.map((item) => ({
      PutRequest: { Item: { ...keys.audit(familyId, item.id), entity: 'audit', ...item } },
    })),
  );
  return items;
}

/** Every audit row of the family, oldest first. */
export async function listAudits(familyId: string): Promise<AuditItem[]> {
  const items = await queryPrefix(keys.auditPrefix(familyId), { consistentRead: true });
  return items.map((item) => {
    const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
    return rest as unknown as AuditItem;
  });
}
