import { effectiveFlowType, isExpenseFlowType } from './flow-types';
import { MONEY_TOLERANCE } from './money';
import type { ConfidenceLevel, Transaction } from './types';

/**
 * Flow direction of a transaction (spec 2 §5 "Flow direction of a transaction", spec 3 §5).
 */
export type DirectionSource = 'signed_amount' | 'type' | 'flow_type';

export interface FlowDirection {
  /** Money in is positive, money out negative, unknown 0. */
  signedAmount: number;
  confidence: ConfidenceLevel;
  source: DirectionSource;
  /** Set when |signed_amount| differs from amount by more than 0.01. */
  warning: string | null;
}

export type DirectionInput = Pick<
  Transaction,
  'amount' | 'signed_amount' | 'type' | 'flow_type' | 'user_corrected_flow_type'
> & { id?: string };

/** Share of low-confidence directions above which the overall result is low (spec 2 §5: more than 10%). */
export const LOW_CONFIDENCE_SHARE = 0.1;

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * The direction of one transaction (spec 2 §5):
 * 1. signed_amount when present (high confidence);
 * 2. otherwise credit is +amount, debit −amount (medium);
 * 3. otherwise inferred from the effective flow type (low): income +amount; external_expense and the mortgage
 *    types −amount; internal_transfer and anything else 0.
 * A warning is produced when the magnitude of signed_amount differs from amount (by more than 0.01).
 */
export function flowDirection(tx: DirectionInput): FlowDirection {
  const amount = Math.abs(isNumber(tx.amount) ? tx.amount : 0);
  if (isNumber(tx.signed_amount)) {
    const differs = Math.abs(Math.abs(tx.signed_amount) - amount) > MONEY_TOLERANCE + 1e-9;
    return {
      signedAmount: tx.signed_amount,
      confidence: 'high',
      source: 'signed_amount',
      warning: differs
        ? `Signed amount ${Math.abs(tx.signed_amount).toFixed(2)} differs from amount ${amount.toFixed(2)}${tx.id ? ` (transaction ${tx.id})` : ''}`
        : null,
    };
  }
  if (tx.type === 'credit')
    return { signedAmount: amount, confidence: 'medium', source: 'type', warning: null };
  if (tx.type === 'debit')
    return { signedAmount: -amount, confidence: 'medium', source: 'type', warning: null };
  const flow = effectiveFlowType(tx);
  const signedAmount = flow === 'income' ? amount : isExpenseFlowType(flow) ? -amount : 0;
  return { signedAmount, confidence: 'low', source: 'flow_type', warning: null };
}

/**
 * Overall confidence of a set of directions (spec 2 §5): more than 10% low → low; any low → medium;
 * otherwise high (an empty set is high: nothing is uncertain).
 */
export function overallConfidence(levels: readonly ConfidenceLevel[]): ConfidenceLevel {
  const low = levels.filter((l) => l === 'low').length;
  if (low === 0) return 'high';
  return low / levels.length > LOW_CONFIDENCE_SHARE ? 'low' : 'medium';
}

export interface DirectionSummary {
  directions: FlowDirection[];
  confidence: ConfidenceLevel;
  lowConfidenceCount: number;
  warnings: string[];
}

/** Directions of many transactions with their overall confidence and the magnitude warnings. */
export function analyseDirections(transactions: readonly DirectionInput[]): DirectionSummary {
  const directions = transactions.map(flowDirection);
  const levels = directions.map((d) => d.confidence);
  return {
    directions,
    confidence: overallConfidence(levels),
    lowConfidenceCount: levels.filter((l) => l === 'low').length,
    warnings: directions.flatMap((d) => (d.warning ? [d.warning] : [])),
  };
}

/** 'in', 'out' or 'unknown' from signed_amount or type only (not from the flow type). */
export function moneyDirection(tx: Pick<Transaction, 'signed_amount' | 'type'>): 'in' | 'out' | 'unknown' {
  if (isNumber(tx.signed_amount) && tx.signed_amount !== 0) return tx.signed_amount > 0 ? 'in' : 'out';
  if (tx.type === 'credit') return 'in';
  if (tx.type === 'debit') return 'out';
  return 'unknown';
}
