import type { LearnedPattern } from '../../domain/types';
import { keys } from './keys';
import { queryPrefix } from './paging';

/**
 * What the family taught the product (spec 2 §3 patterns): description patterns with the flow type the
 * family chose, applied before the rule table when new rows are classified.
 */
export async function listPatterns(familyId: string): Promise<LearnedPattern[]> {
  return queryPrefix<LearnedPattern>(keys.patternsPrefix(familyId));
}
