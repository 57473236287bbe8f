/**
 * The statement reader's public API: Textract-shaped blocks in (blocks.ts), a parsed, reconciled statement
 * out (types.ts). Pure: the PDF and Textract adapters produce the blocks.
 */
export { type AmountMarker, type ParsedAmount, parseAmount } from './amounts';
export type { Block, BlockRelationship, BoundingBox, StatementBlockType } from './blocks';
export { readStatement } from './candidates';
export { type PartialDate, parseDate } from './dates';
export { recogniseInstitution, sameBank } from './institutions';
export {
  confirmedByFigures,
  contradictedByFigures,
  type FiguresOfReading,
  keptReading,
  MISREAD_FIGURES_WARNING,
} from './misread';
export { findPeriod } from './printed-periods';
export { debugRows } from './reader';
export {
  type BalanceCheckpoint,
  type ReconcileInput,
  type ReconcileRow,
  reconcile,
  resolveSigns,
} from './reconcile';
export * from './types';
