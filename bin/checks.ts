import { openOperatorData } from './operator-data';

/**
 * `npx tsx bin/checks.ts [familyId]`: every statement that waited for its family's check, with why it waited
 * (the reasons as read), each change the family made (who, when, what) and how it ended (imported, imported
 * anyway, discarded, or still waiting), so the reader's mistakes can be studied. The readings themselves stay
 * in the uploads bucket as read (`{familyId}/{uploadId}/reading.json`). Runs on the twin's data directory
 * (DATA_DIR, default .data/) with the twin stopped; in AWS (APP_MODE=aws) against the deployed table. Exit 1
 * when anything fails, 2 on bad usage.
 */
const [familyArg, extra] = process.argv.slice(2);
if (extra !== undefined || familyArg === '--help') {
  console.error('usage: tsx bin/checks.ts [familyId]');
  process.exit(2);
}

process.env.LOG_LEVEL ??= 'WARN';
let close = async () => {};
try {
  close = await openOperatorData('checks');
  const { allFamilyIds } = await import('../functions/adapters/dynamodb/rollup-repository');
  const { listStatementChecks } = await import('../functions/adapters/dynamodb/check-repository');
  const { describeEdit } = await import('../functions/domain/statement-check');
  const families = familyArg ? [familyArg] : await allFamilyIds();
  let listed = 0;
  for (const familyId of families) {
    for (const check of await listStatementChecks(familyId)) {
      listed++;
      const outcome = check.outcome
        ? `${check.outcome.replace('_', ' ')} by ${check.outcomeBy} at ${check.outcomeAt}`
        : 'waiting';
      console.log(
        `checks: family ${familyId} upload ${check.uploadId} (${check.fileName}), held ${check.createdAt} for ${check.reasons.join(', ')}: ${outcome}; ${check.edits.length} change${check.edits.length === 1 ? '' : 's'}`,
      );
      for (const record of check.edits)
        console.log(`  ${record.at} ${record.by}: ${describeEdit(record.edit)}`);
    }
  }
  if (!listed) console.log('checks: no statement has waited for a check');
  await close();
  process.exit(0);
} catch (error) {
  console.error(`checks: failed: ${(error as Error).message}`);
  await close().catch(() => {});
  process.exit(1);
}
