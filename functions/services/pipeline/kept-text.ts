import { blocksArtefactSchema, firstPageTextOf, packBlocks, unpackBlocks } from '../../contracts/statement';
import { statementAccountIdentity } from '../../domain/account-numbers';
import { readStatement } from '../../domain/statement';
import type { Block } from '../../domain/statement/blocks';
import type { KeptTextReading } from '../../shared/ports';

/**
 * A PDF's kept text (the `blocks.json` working file: Extract or PollTextract → Parse) as bytes, and read back
 * as a statement. Pure: no port, no I/O, so that the twin can run both in its PDF process (a statement's text
 * can be hundreds of thousands of words, and the twin's own process serves the API), while Lambda
 * runs them in the step's own process.
 */

/** A text layer's blocks as the kept text's bytes (JSON). */
export function keptTextOf(blocks: readonly Block[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(packBlocks(blocks, { source: 'text-layer', warnings: [] })));
}

/**
 * The kept text read as a statement, with what Parse records of the text itself (source, the extractor's
 * warnings, the account number printed on the first page). A card statement that does not say it is one is
 * read as a card's when the account is a card and that reading adds up. A kept text that is not the working
 * file's shape throws (a platform error, as any unreadable working file).
 */
export function readKeptText(
  bytes: Uint8Array,
  options: { referenceDate: string; accountType: string | null },
): KeptTextReading {
  const artefact = blocksArtefactSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
  const blocks = unpackBlocks(artefact);
  const { referenceDate } = options;
  let result = readStatement(blocks, { referenceDate, regions: true });
  if (result.ok && result.statement.accountKind === 'bank' && options.accountType === 'credit') {
    // A card statement that does not say it is one: read as a card's when its balances then add up.
    const asCard = readStatement(blocks, { referenceDate, accountKind: 'credit_card', regions: true });
    if (asCard.ok && asCard.statement.reconciliation.ok && !result.statement.reconciliation.ok)
      result = asCard;
  }
  if (!result.ok) return result;
  return {
    ok: true,
    statement: result.statement,
    source: artefact.source,
    warnings: artefact.warnings,
    // Only a statement with rows needs it; the first page's text is small beside the whole.
    identity: result.statement.transactions.length
      ? statementAccountIdentity(firstPageTextOf(artefact))
      : statementAccountIdentity(''),
  };
}
