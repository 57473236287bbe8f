import { keys } from './keys';
import { queryPrefix } from './paging';

/**
 * Transfer matches the family rejected, remembered so that matching never proposes the same pair again.
 */

/** Match ids the family rejected (their audit reason starts 'Cross-account match rejected:'). */
export async function listRejectedMatchIds(familyId: string): Promise<string[]> {
  return (await queryPrefix(keys.rejectedMatchesPrefix(familyId))).map((item) => String(item.match_id));
}
