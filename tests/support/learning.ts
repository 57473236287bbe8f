import { putMatchCandidate } from '../../functions/adapters/dynamodb/match-candidate-repository';
import { savePatterns } from '../../functions/adapters/dynamodb/pattern-repository';
import { correctionPattern } from '../../functions/domain/corrections';
import { matchCandidateId } from '../../functions/domain/matching';

/**
 * A learned pattern and a proposed transfer for a family, written straight to the twin's table, so the route
 * gates have the family's ids for /api/patterns/{id} and /api/matches/{id}/... (the legs need not exist: a
 * match whose rows are gone answers 404 and is not listed).
 */
export async function seedLearning(
  familyId: string,
  accountId: string,
): Promise<{ patterns: string; matches: string }> {
  const pattern = correctionPattern('HARGREAVES LANSDOWN 0125', 'internal_transfer', 'single', familyId)!;
  const [saved] = await savePatterns(familyId, [pattern], new Date().toISOString());
  const leg = (id: string, signed: number) => ({
    id,
    account_id: accountId,
    transaction_date: '2026-01-10',
    description: 'TFR 12345678 SAVINGS',
    amount: Math.abs(signed),
    signed_amount: signed,
  });
  const a = leg('seededLegA000000000001', -500);
  const b = leg('seededLegB000000000001', 500);
  const id = matchCandidateId(a.id, b.id);
  await putMatchCandidate(
    familyId,
    {
      id,
      transaction1: a,
      transaction2: b,
      confidence: 0.95,
      reason: 'Exact amount match',
      date_diff: 0,
      amount_match: true,
    },
    new Date().toISOString(),
  );
  return { patterns: saved!.id, matches: id };
}
