import { describe } from 'vitest';
import { FREEHAND_ISLANDS } from '../../fixtures/statements/freehand-islands';
import { itReadsEachExactly } from './freehand-support';

/**
 * Banks of the Isle of Man, the Channel Islands, Northern Ireland and Scotland and two business accounts, none
 * drawn before (tests/fixtures/statements/freehand-islands.ts), carrying in new combinations the traits a
 * held-back set of real statements showed the reader failing on: each layout read from its text layer, every
 * row exact.
 */
describe('statements of island, Northern Irish, Scottish and business banks, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_ISLANDS);
});
