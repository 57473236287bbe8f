import { getAccount } from '../../adapters/dynamodb/account-repository';
import { type RowCategory, setRowCategory } from '../../adapters/dynamodb/category-repository';
import { listPatterns } from '../../adapters/dynamodb/pattern-repository';
import { setClassification } from '../../adapters/dynamodb/transaction-repository';
import { advanceUpload } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';
import { categoryFields } from '../../domain/categories';
import { classifyTransactions } from '../classification';
import { categoriseUncategorisedRows, categoryOfRow, familyCategoryRules } from '../spending';
import { inBatches, type PipelineDeps, requireAccount } from './common';
import { readAdded } from './working-files';

/**
 * The pipeline's Classify step, the AI's turn (spec 2 §4, §5, §7): Persist wrote each row with its
 * learned-pattern or rule-table classification; where an AI classifier is configured (Bedrock in AWS), the
 * rows no rule fits, or only a catch-all rule (0.60), are put to it in batches, and its answers (or the
 * spec's fallback for rows no rule fits when it fails) replace them; the same call gives a spending category,
 * which a spending row takes when no category rule places it. Without one (the twin, by default) there is
 * nothing more to do.
 */
export async function classifyStep(deps: PipelineDeps, state: PipelineState): Promise<PipelineState> {
  const accountId = requireAccount(state);
  const ai = deps.aiClassifier;
  if (!ai) {
    await advanceUpload(state.familyId, state.uploadId, 'matching', {}, deps.now());
    return state;
  }
  const [added, account, patterns] = await Promise.all([
    readAdded(deps, state),
    getAccount(state.familyId, accountId),
    listPatterns(state.familyId),
  ]);
  const results = await classifyTransactions(added, account, patterns, ai);
  const changed = added.filter((row) => {
    const source = results.get(row.id)?.source;
    return source === 'ai' || source === 'fallback';
  });
  await inBatches(changed, (row) => {
    const result = results.get(row.id)!;
    return setClassification(row, {
      flow_type: result.flow_type,
      confidence: result.confidence,
      method: result.method,
    });
  });
  // Rows the AI made expenses (or no longer expenses) get their category now; Finish reports every row.
  const rules = await familyCategoryRules(state.familyId);
  await categoriseUncategorisedRows(
    state.familyId,
    changed.map((row) => ({
      ...row,
      flow_type: results.get(row.id)!.flow_type,
      user_corrected_flow_type: null,
    })),
    rules,
  );
  // The AI's category, asked in the same call, is the last source: for spending rows that neither the
  // family's rules nor the categoriser's dictionary and rules place (a category outside the seeded list was
  // already rejected by validateAiResult).
  const aiCategories = changed.flatMap((row) => {
    const result = results.get(row.id)!;
    if (result.source !== 'ai' || !result.category) return [];
    const byRules = categoryOfRow(
      { ...row, flow_type: result.flow_type, user_corrected_flow_type: null },
      rules,
    );
    const fields = categoryFields(result.category.category_id);
    if (byRules?.category_source !== 'none' || !fields) return [];
    const category: RowCategory = {
      ...fields,
      merchant_name: byRules.merchant_name,
      category_confidence: result.category.confidence,
      category_source: 'ai',
    };
    return [{ row, category }];
  });
  await inBatches(aiCategories, ({ row, category }) => setRowCategory(row, category));
  const counts = { ...state.counts, classified: added.filter((row) => results.get(row.id)).length };
  await advanceUpload(state.familyId, state.uploadId, 'matching', { counts }, deps.now());
  // Rows relabelled after Persist wrote them: Finish recomputes their months' roll-ups from the rows.
  const { rollupVersions: _versions, newSpendMonths: _months, newSpendYears: _years, ...rest } = state;
  return { ...(changed.length || aiCategories.length ? rest : state), counts };
}
