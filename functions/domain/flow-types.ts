import {
  CORRECTABLE_FLOW_TYPES,
  type CorrectableFlowType,
  type EffectiveFlowType,
  FLOW_TYPES,
  type FlowType,
  type Transaction,
} from './types';

/** Flow types that count as money out in totals: external expenses and the mortgage types (spec 2 §1). */
export const EXPENSE_FLOW_TYPES: readonly FlowType[] = [
  'external_expense',
  'mortgage_payment',
  'mortgage_overpayment',
  'mortgage_fee',
];

const FLOW_TYPE_SET: ReadonlySet<unknown> = new Set(FLOW_TYPES);
const CORRECTABLE_SET: ReadonlySet<unknown> = new Set(CORRECTABLE_FLOW_TYPES);
const EXPENSE_SET: ReadonlySet<unknown> = new Set(EXPENSE_FLOW_TYPES);

/** Display labels for flow types. */
export const FLOW_TYPE_LABELS: Record<EffectiveFlowType, string> = {
  income: 'Income',
  internal_transfer: 'Internal Transfer',
  external_expense: 'External Expense',
  mortgage_payment: 'Mortgage Payment',
  mortgage_overpayment: 'Mortgage Overpayment',
  mortgage_fee: 'Mortgage Fee',
  unclassified: 'Unclassified',
};

/** True for one of the stored flow types (spec 2 §1). */
export function isFlowType(value: unknown): value is FlowType {
  return FLOW_TYPE_SET.has(value);
}

/** True for income, internal_transfer or external_expense (spec 2 §5 Correction, AI result). */
export function isCorrectableFlowType(value: unknown): value is CorrectableFlowType {
  return CORRECTABLE_SET.has(value);
}

/** True for the mortgage types and external_expense, which count as money out (spec 2 §1). */
export function isExpenseFlowType(value: unknown): boolean {
  return EXPENSE_SET.has(value);
}

/**
 * The effective flow type (spec 2 §4, spec 3 §1): the user correction if present, otherwise the automatic
 * flow type, otherwise 'unclassified'. Unknown stored strings count as missing.
 */
export function effectiveFlowType(
  tx: Pick<Transaction, 'flow_type' | 'user_corrected_flow_type'>,
): EffectiveFlowType {
  if (isFlowType(tx.user_corrected_flow_type)) return tx.user_corrected_flow_type;
  if (isFlowType(tx.flow_type)) return tx.flow_type;
  return 'unclassified';
}

/** True when the user has corrected the transaction (spec 2 §4). */
export function isUserCorrected(tx: Pick<Transaction, 'user_corrected_flow_type'>): boolean {
  return (
    tx.user_corrected_flow_type !== null &&
    tx.user_corrected_flow_type !== undefined &&
    tx.user_corrected_flow_type !== ''
  );
}

/** Label of an effective flow type. */
export function flowTypeLabel(flowType: EffectiveFlowType): string {
  return FLOW_TYPE_LABELS[flowType];
}
