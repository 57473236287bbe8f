import { openOperatorData } from './operator-data';

/**
 * `npx tsx bin/rollups.ts check|repair [familyId]`: compare each family's monthly roll-ups with a
 * recomputation from its rows (check), and rewrite the months that differ (repair). Every write of rows keeps
 * the roll-ups in step already; this is for a table written before roll-ups existed, or after a fault. It
 * runs on the twin's data directory (DATA_DIR, default .data/) with the twin stopped; in AWS, the same
 * services/rollups.ts functions run against the deployed table (TABLE_NAME). One line per family; exit 1 when
 * a check finds differences or anything fails, 2 on bad usage.
 */
const [command, familyArg] = process.argv.slice(2);
if (command !== 'check' && command !== 'repair') {
  console.error('usage: tsx bin/rollups.ts check|repair [familyId]');
  process.exit(2);
}

process.env.LOG_LEVEL ??= 'WARN';
let close = async () => {};
try {
  close = await openOperatorData('rollups');
  const { allFamilyIds } = await import('../functions/adapters/dynamodb/rollup-repository');
  const { checkRollups, repairRollups } = await import('../functions/services/rollups');
  const families = familyArg ? [familyArg] : await allFamilyIds();
  let differing = 0;
  for (const familyId of families) {
    if (command === 'check') {
      const report = await checkRollups(familyId);
      differing += report.differing.length;
      console.log(
        `rollups: family ${familyId}: ${report.months.length} months, ${report.differing.length ? `differing: ${report.differing.join(', ')}` : 'all in step'}`,
      );
    } else {
      const report = await repairRollups(familyId);
      console.log(
        `rollups: family ${familyId}: ${report.months} months, ${report.repaired.length ? `repaired: ${report.repaired.join(', ')}` : 'nothing to repair'}`,
      );
    }
  }
  if (!families.length) console.log('rollups: no families');
  await close();
  process.exit(differing ? 1 : 0);
} catch (error) {
  console.error(`rollups: failed: ${(error as Error).message}`);
  await close().catch(() => {});
  process.exit(1);
}
