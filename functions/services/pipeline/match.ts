import { type AccountItem, listAccounts, updateAccount } from '../../adapters/dynamodb/account-repository';
import { setClassification } from '../../adapters/dynamodb/transaction-repository';
import { artefactKey, type PipelineState } from '../../contracts/pipeline';
import { blocksArtefactSchema, firstPageTextOf } from '../../contracts/statement';
import {
  type AccountIdentity,
  hasIdentity,
  NAMED_ACCOUNT_CONFIDENCE,
  namedAccount,
  statementAccountIdentity,
} from '../../domain/account-numbers';
import { isTransferCandidate } from '../../domain/matching';
import { logger } from '../../shared/logger';
import { recomputeCandidates, relabelRowsNaming } from '../matches';
import { inBatches, type PipelineDeps } from './common';
import { exportAccountIdentity } from './exports';
import { readAdded, readJson, writeJson } from './working-files';

/**
 * The pipeline's Match step:
 *  1. the account as the statement names it (sort code and number, or a card's last digits) is kept on the
 *     account the first time a statement prints it;
 *  2. a row whose description names another of the family's accounts is an internal transfer (0.95): the
 *     added rows, and, when this statement taught the account's number, the family's earlier rows naming it;
 *  3. transfer candidates are recomputed around the added rows (services/matches.ts), so a savings statement
 *     uploaded after the current account's finds the pairs, with the reason a named account gives.
 * The rows this step reclassifies that an earlier upload added are reported to rowsChanged (relabelRowsNaming);
 * the added rows are reported by Finish.
 */
export async function matchStep(deps: PipelineDeps, state: PipelineState): Promise<PipelineState> {
  const added = await readAdded(deps, state);
  let accounts = await listAccounts(state.familyId);
  const learned = await learnIdentity(deps, state, accounts);
  if (learned) accounts = accounts.map((a) => (a.id === learned.id ? learned : a));

  const named = added.flatMap((row) => {
    const account = namedAccount(row.description, accounts, row.account_id);
    return account ? [row] : [];
  });
  await inBatches(named, (row) =>
    setClassification(row, {
      flow_type: 'internal_transfer',
      confidence: NAMED_ACCOUNT_CONFIDENCE,
      method: 'ai_auto',
    }),
  );
  // The added rows as they now are, for Finish to sum into the roll-ups.
  if (named.length) {
    const relabelled = new Set(named.map((row) => row.id));
    await writeJson(
      deps,
      state.addedKey ?? artefactKey(state.familyId, state.uploadId, 'added.json'),
      added.map((row) => (relabelled.has(row.id) ? { ...row, flow_type: 'internal_transfer' } : row)),
    );
  }
  if (learned) await relabelRowsNaming(deps, state.familyId, learned, accounts);
  // Only rows that can be one side of a transfer (spec 2 §5 trigger words and exclusions) are matched.
  const matchable = added.filter((row) => isTransferCandidate(row));
  const matches = matchable.length
    ? await recomputeCandidates(deps, state.familyId, matchable, { accounts })
    : 0;
  return { ...state, counts: { ...state.counts, matches } };
}

/** The statement's first page, line by line (words ordered by their top, then left). */
async function firstPageText(deps: PipelineDeps, state: PipelineState): Promise<string | null> {
  const key = state.extraction?.blocksKey;
  if (!key) return null;
  try {
    return firstPageTextOf(blocksArtefactSchema.parse(await readJson(deps, key)));
  } catch (error) {
    logger.warn('statement heading not read for the account number', { error: error as Error });
    return null;
  }
}

/**
 * Keep the statement's account identity on the account when it has none yet; the account as it now is, or
 * null when nothing was learned. A number another of the family's accounts already has is not taken (the
 * statement was uploaded to the wrong account, or the number cannot tell the two apart).
 */
async function learnIdentity(deps: PipelineDeps, state: PipelineState, accounts: readonly AccountItem[]) {
  const account = accounts.find((a) => a.id === state.accountId);
  if (!account || hasIdentity(account)) return null;
  let identity: AccountIdentity | null;
  if (state.identity)
    identity = state.identity; // as Parse read it (a PDF's first page, an export's own fields)
  else if (state.extraction?.source === 'export') identity = await exportAccountIdentity(deps, state);
  else {
    const text = await firstPageText(deps, state);
    identity = text ? statementAccountIdentity(text) : null;
  }
  if (!identity || !hasIdentity(identity)) return null;
  const taken = accounts.some(
    (a) =>
      a.id !== account.id &&
      ((identity.account_number && a.account_number === identity.account_number) ||
        (identity.card_last4 && a.card_last4 === identity.card_last4)),
  );
  if (taken) return null;
  return updateAccount(state.familyId, account.id, {
    sort_code: identity.sort_code,
    account_number: identity.account_number,
    card_last4: identity.card_last4,
  });
}
