import { describe } from 'vitest';
import { FREEHAND_CARDS3 } from '../../fixtures/statements/freehand-cards3';
import { itReadsEachExactly } from './freehand-support';

/**
 * A third round of card statements drawn freehand (tests/fixtures/statements/freehand-cards3.ts): each layout
 * read from its text layer, every row exact.
 */
describe('card statements drawn freehand, third round, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_CARDS3);
});
