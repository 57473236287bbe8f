import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERRORS,
  accountsToBeCreated,
  defaultSelectedServices,
  detectedInstitutionId,
  institutionDisplayName,
  isNicknameValid,
  planAccountCreation,
  serviceAccountName,
  serviceAccountType,
} from '../../../functions/domain/accounts';

const monzo = { id: 'inst-1', external_id: 'monzo', name: 'Monzo Bank Ltd', display_name: 'Monzo' };

describe('spec 2 §5 account form: service codes map to account types', () => {
  it.each([
    ['current_accounts', 'current'],
    ['savings_accounts', 'savings'],
    ['credit_cards', 'credit'],
    ['isa', 'isa'],
    ['mortgages', 'mortgage'],
    ['sipp', 'investment'],
    ['wealth_management', 'investment'],
    ['personal_loans', 'current'],
    ['bnpl', 'current'],
    ['unknown', 'current'],
  ])('%s → %s', (code, type) => {
    expect(serviceAccountType(code)).toBe(type);
  });

  it.each([
    ['current_accounts', 'Monzo Current Account'],
    ['savings_accounts', 'Monzo Savings Account'],
    ['credit_cards', 'Monzo Credit Card'],
    ['isa', 'Monzo ISA'],
    ['something_new', 'Monzo something new'],
  ])('generated name for %s is %s', (code, name) => {
    expect(serviceAccountName(monzo, code)).toBe(name);
  });

  it('display name falls back to the name', () => {
    expect(institutionDisplayName({ name: 'Acme Bank', display_name: ' ' })).toBe('Acme Bank');
    expect(institutionDisplayName({ name: 'Acme Bank', display_name: null })).toBe('Acme Bank');
  });
});

describe('spec 2 §5 default services: current_accounts, savings_accounts, credit_cards where available', () => {
  it.each([
    [
      ['current_accounts', 'savings_accounts', 'credit_cards', 'mortgages'],
      ['current_accounts', 'savings_accounts', 'credit_cards'],
    ],
    [['credit_cards', 'isa'], ['credit_cards']],
    [['mortgages'], []],
    [[], []],
  ])('%o → %o', (available, selected) => {
    expect(defaultSelectedServices(available)).toEqual(selected);
  });
});

describe('spec 2 §5 detected_institution_id: external_id, else institution id, else null', () => {
  it.each([
    [monzo, 'monzo'],
    [{ id: 'inst-2', external_id: null }, 'inst-2'],
    [{ id: 'inst-2', external_id: ' ' }, 'inst-2'],
    [null, null],
    [undefined, null],
  ])('%o → %s', (inst, id) => {
    expect(detectedInstitutionId(inst)).toBe(id);
  });
});

describe('spec 2 §5 nickname required and trimmed', () => {
  it.each([
    ['Joint', true],
    ['  ', false],
    ['', false],
    [null, false],
  ])('%s → %s', (n, ok) => {
    expect(isNicknameValid(n)).toBe(ok);
  });
});

describe('spec 2 §5 creation rules', () => {
  it('one account per selected service (duplicates once), named per service', () => {
    const r = planAccountCreation({
      familyId: 'fam',
      institution: monzo,
      selectedServices: ['current_accounts', 'credit_cards', 'current_accounts'],
      accountName: 'ignored',
    });
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          family_id: 'fam',
          name: 'Monzo Current Account',
          bank_name: 'Monzo',
          account_type: 'current',
          institution_id: 'inst-1',
          detected_institution_id: 'monzo',
          service: 'current_accounts',
        },
        {
          family_id: 'fam',
          name: 'Monzo Credit Card',
          bank_name: 'Monzo',
          account_type: 'credit',
          institution_id: 'inst-1',
          detected_institution_id: 'monzo',
          service: 'credit_cards',
        },
      ],
    });
  });

  it('an institution without services needs an account name', () => {
    expect(
      planAccountCreation({
        familyId: 'fam',
        institution: monzo,
        accountName: ' Pot ',
        accountType: 'savings',
      }),
    ).toEqual({
      ok: true,
      rows: [
        {
          family_id: 'fam',
          name: 'Pot',
          bank_name: 'Monzo',
          account_type: 'savings',
          institution_id: 'inst-1',
          detected_institution_id: 'monzo',
          service: null,
        },
      ],
    });
    expect(
      planAccountCreation({ familyId: 'fam', institution: monzo, selectedServices: [], accountName: '' }),
    ).toEqual({
      ok: false,
      error: 'Insufficient information provided for account creation',
    });
  });

  it('an institution needs a name', () => {
    expect(
      planAccountCreation({
        familyId: 'fam',
        institution: { id: 'x', name: ' ', display_name: null },
        accountName: 'A',
      }),
    ).toEqual({
      ok: false,
      error: ACCOUNT_ERRORS.insufficient,
    });
  });

  it('manual entry needs a bank name; the bank name stands in for a missing nickname', () => {
    expect(planAccountCreation({ familyId: 'fam', manualBankName: '  ', accountName: 'A' })).toEqual({
      ok: false,
      error: 'Bank name is required for manual entry',
    });
    const r = planAccountCreation({ familyId: 'fam', manualBankName: ' Local CU ', accountName: '' });
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          family_id: 'fam',
          name: 'Local CU',
          bank_name: 'Local CU',
          account_type: 'current',
          institution_id: null,
          detected_institution_id: null,
          service: null,
        },
      ],
    });
  });

  it.each([
    [{ familyId: '', manualBankName: 'X' }, ACCOUNT_ERRORS.familyRequired],
    [{ familyId: null, manualBankName: 'X' }, ACCOUNT_ERRORS.familyRequired],
    [{ familyId: 'fam', accountName: 'A' }, ACCOUNT_ERRORS.insufficient],
    [{ familyId: 'fam', manualBankName: null, accountName: 'A' }, ACCOUNT_ERRORS.insufficient],
  ])('%o → %s', (input, error) => {
    expect(planAccountCreation(input)).toEqual({ ok: false, error });
  });

  it('onboarding info box lists the accounts to be created', () => {
    expect(accountsToBeCreated(monzo, ['current_accounts', 'isa', 'isa'])).toEqual([
      'Monzo Current Account',
      'Monzo ISA',
    ]);
  });

  it('spec 2 §8 account messages', () => {
    expect(ACCOUNT_ERRORS.forBank('Monzo')).toBe('Failed to create accounts for Monzo');
    expect(ACCOUNT_ERRORS.alert('boom')).toBe('Error creating accounts: boom');
    expect(ACCOUNT_ERRORS.archiveFailed).toBe('Failed to archive account. Please try again.');
  });
});
