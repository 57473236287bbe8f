import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AiClassificationItem } from '../../../functions/shared/ports';

/** The batch every recorded reply in tests/fixtures/bedrock answers. */
export const SAMPLE_BATCH: AiClassificationItem[] = [
  {
    description: 'SQ *THE LITTLE BAKERY',
    amount: 6.4,
    direction: 'out',
    account_name: 'Joint current',
    account_type: 'current',
    bank_name: 'Nationwide',
  },
  {
    description: 'FROM A/C 20-45-67 12345678',
    amount: 250,
    direction: 'in',
    account_name: 'Joint current',
    account_type: 'current',
    bank_name: 'Nationwide',
  },
  {
    description: 'CHQ 000123',
    amount: 120,
    direction: 'out',
    account_name: 'Joint current',
    account_type: 'current',
    bank_name: 'Nationwide',
  },
  {
    description: 'PAYM 07700 900123',
    amount: 40,
    direction: 'in',
    account_name: 'Joint current',
    account_type: 'current',
    bank_name: 'Nationwide',
  },
  {
    description: 'NON-STERLING TRANSACTION FEE',
    amount: 2.99,
    direction: 'out',
    account_name: 'Joint current',
    account_type: 'current',
    bank_name: 'Nationwide',
  },
];

const FIXTURES = join(import.meta.dirname, '../../fixtures/bedrock');

/** A recorded Converse reply (tests/fixtures/bedrock/README.md). */
export const recorded = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
