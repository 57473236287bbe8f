import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { LearnedPattern } from '../../domain/types';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryPrefix } from './paging';

/**
 * What the family taught the product (spec 2 §3 patterns): description patterns with the flow type the
 * family chose, applied before the rule table when new rows are classified. One item per set of terms (its
 * id is their digest), so learning the same pattern again is the same item: a duplicate of a pattern the
 * family already has (same terms, same flow type, no higher confidence) is ignored, as the spec ignores a
 * duplicate insert; a correction to another flow type replaces what was learned before (the family changed
 * its mind, and two patterns of the same terms would disagree).
 */
export interface PatternItem extends LearnedPattern {
  id: string;
  created_at: string;
}

export function patternId(pattern: Pick<LearnedPattern, 'pattern_rules'>): string {
  const terms = [...pattern.pattern_rules.description_contains].map((t) => t.toUpperCase()).sort();
  return createHash('sha256').update(terms.join(' ')).digest('base64url').slice(0, 16);
}

function toPattern(item: Record<string, unknown>): PatternItem {
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
  return rest as unknown as PatternItem;
}

export async function listPatterns(familyId: string): Promise<PatternItem[]> {
  const items = await queryPrefix(keys.patternsPrefix(familyId), { consistentRead: true });
  return items
    .map(toPattern)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

/** Store what corrections taught; returns the patterns actually written (duplicates left out). */
export async function savePatterns(
  familyId: string,
  patterns: readonly LearnedPattern[],
  now: string,
): Promise<PatternItem[]> {
  if (!patterns.length) return [];
  const known = new Map((await listPatterns(familyId)).map((p) => [p.id, p]));
  const written: PatternItem[] = [];
  for (const pattern of patterns) {
    const id = patternId(pattern);
    const before = known.get(id);
    if (
      before &&
      before.pattern_rules.flow_type === pattern.pattern_rules.flow_type &&
      before.confidence_score >= pattern.confidence_score
    )
      continue;
    const item: PatternItem = { ...pattern, family_id: familyId, id, created_at: now };
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.pattern(familyId, id), entity: 'pattern', ...item },
      }),
    );
    known.set(id, item);
    written.push(item);
  }
  return written;
}

/** Forget a pattern; false when the family has no such pattern. */
export async function deletePattern(familyId: string, id: string): Promise<boolean> {
  const out = await documentClient().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.pattern(familyId, id), ReturnValues: 'ALL_OLD' }),
  );
  return Boolean(out.Attributes);
}
