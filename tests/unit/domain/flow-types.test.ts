import { describe, expect, it } from 'vitest';
import {
  effectiveFlowType,
  flowTypeLabel,
  isCorrectableFlowType,
  isExpenseFlowType,
  isFlowType,
  isUserCorrected,
} from '../../../functions/domain/flow-types';

describe('spec 2 §4 effective flow type: correction, else automatic, else unclassified', () => {
  it.each([
    [{ flow_type: 'income', user_corrected_flow_type: 'internal_transfer' }, 'internal_transfer'],
    [{ flow_type: 'income', user_corrected_flow_type: null }, 'income'],
    [{ flow_type: null, user_corrected_flow_type: null }, 'unclassified'],
    [{ flow_type: undefined, user_corrected_flow_type: undefined }, 'unclassified'],
    [{ flow_type: 'mortgage_fee', user_corrected_flow_type: '' }, 'mortgage_fee'],
    [{ flow_type: 'bogus', user_corrected_flow_type: 'nonsense' }, 'unclassified'],
  ])('%o → %s', (tx, expected) => {
    expect(effectiveFlowType(tx)).toBe(expected);
  });

  it.each([
    ['income', true, true, false],
    ['internal_transfer', true, true, false],
    ['external_expense', true, true, true],
    ['mortgage_payment', true, false, true],
    ['mortgage_overpayment', true, false, true],
    ['mortgage_fee', true, false, true],
    ['unclassified', false, false, false],
    [42, false, false, false],
  ])('%s: flow type %s, correctable %s, expense %s', (value, flow, correctable, expense) => {
    expect(isFlowType(value)).toBe(flow);
    expect(isCorrectableFlowType(value)).toBe(correctable);
    expect(isExpenseFlowType(value)).toBe(expense);
  });

  it('corrections and labels', () => {
    expect(isUserCorrected({ user_corrected_flow_type: 'income' })).toBe(true);
    expect(isUserCorrected({ user_corrected_flow_type: null })).toBe(false);
    expect(isUserCorrected({})).toBe(false);
    expect(flowTypeLabel('internal_transfer')).toBe('Internal Transfer');
    expect(flowTypeLabel('unclassified')).toBe('Unclassified');
  });
});
