import type { OwnRecord, ReadAlong } from '../../shared/context';
import { type Key, keys } from './keys';

/** The key of a route's own record in `familyId`. */
export function ownRecordKey(familyId: string, record: OwnRecord): Key {
  if (record.kind === 'account') return keys.account(familyId, record.id);
  if (record.kind === 'upload') return keys.upload(familyId, record.id);
  return keys.family(familyId);
}

/**
 * The item read along with the membership when it is the one asked for (the same family, kind and id): the
 * item, or null when it was read and is not there. Undefined when nothing was read for it: read it as ever.
 */
export function readAlongItem(
  along: ReadAlong | undefined,
  familyId: string,
  record: OwnRecord,
): Record<string, unknown> | null | undefined {
  if (!along || along.familyId !== familyId || along.record.kind !== record.kind) return undefined;
  if ('id' in record && (!('id' in along.record) || along.record.id !== record.id)) return undefined;
  return along.item;
}
