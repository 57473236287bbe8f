import type { AccountType, Institution, ServiceCode } from './types';

/**
 * Account creation rules (spec 2 §5 "Account form", §8 Accounts; spec 1 §2 onboarding step 2, §4).
 *
 * Service code → account type (the spec names both lists but not the mapping):
 *   current_accounts → current, savings_accounts → savings, credit_cards → credit, isa → isa,
 *   mortgages → mortgage, sipp and wealth_management → investment, every other code → current.
 */

export const ACCOUNT_ERRORS = {
  insufficient: 'Insufficient information provided for account creation',
  bankNameRequired: 'Bank name is required for manual entry',
  familyRequired: 'Family ID is required',
  createFailed: 'Failed to create account',
  familyFailed: 'Failed to create family',
  noneCreated: 'No accounts were created successfully',
  forBank: (bank: string) => `Failed to create accounts for ${bank}`,
  alert: (message: string) => `Error creating accounts: ${message}`,
  archiveFailed: 'Failed to archive account. Please try again.',
  unarchiveFailed: 'Failed to unarchive account. Please try again.',
} as const;

/** Services pre-selected when an institution is chosen, where available (spec 2 §5). */
export const DEFAULT_SERVICES: readonly ServiceCode[] = [
  'current_accounts',
  'savings_accounts',
  'credit_cards',
];

const SERVICE_ACCOUNT_TYPES: Partial<Record<string, AccountType>> = {
  current_accounts: 'current',
  savings_accounts: 'savings',
  credit_cards: 'credit',
  isa: 'isa',
  mortgages: 'mortgage',
  sipp: 'investment',
  wealth_management: 'investment',
};

/** Readable account name suffix per service code. */
export const SERVICE_ACCOUNT_NAMES: Record<ServiceCode, string> = {
  current_accounts: 'Current Account',
  savings_accounts: 'Savings Account',
  mortgages: 'Mortgage',
  credit_cards: 'Credit Card',
  personal_loans: 'Personal Loan',
  business_banking: 'Business Account',
  private_banking: 'Private Banking Account',
  investment_banking: 'Investment Account',
  wealth_management: 'Wealth Management Account',
  insurance: 'Insurance',
  isa: 'ISA',
  sipp: 'SIPP',
  bnpl: 'Buy Now Pay Later',
  overdrafts: 'Overdraft',
};

/** The account type an account created for a service gets (see the module comment). */
export function serviceAccountType(code: string): AccountType {
  return SERVICE_ACCOUNT_TYPES[code] ?? 'current';
}

/** The display name of an institution: display_name, else name. */
export function institutionDisplayName(institution: Pick<Institution, 'name' | 'display_name'>): string {
  return (institution.display_name ?? '').trim() || (institution.name ?? '').trim();
}

/** Generated account name for a service: '{Institution display name} {Service}', e.g. 'Monzo Current Account'. */
export function serviceAccountName(
  institution: Pick<Institution, 'name' | 'display_name'>,
  code: string,
): string {
  const names: Partial<Record<string, string>> = SERVICE_ACCOUNT_NAMES;
  const suffix = names[code] ?? code.replace(/_/g, ' ');
  return `${institutionDisplayName(institution)} ${suffix}`.trim();
}

/** Services pre-selected for an institution: current, savings and credit cards where offered. */
export function defaultSelectedServices(available: readonly string[]): ServiceCode[] {
  return DEFAULT_SERVICES.filter((s) => available.includes(s));
}

/**
 * detected_institution_id (spec 2 §5): null without an institution; otherwise its external_id, with the
 * institution id as fallback.
 */
export function detectedInstitutionId(
  institution: Pick<Institution, 'id' | 'external_id'> | null | undefined,
): string | null {
  if (!institution) return null;
  return institution.external_id?.trim() || institution.id;
}

/** The nickname is required and trimmed; submit is disabled while it is empty (spec 2 §5). */
export function isNicknameValid(nickname: string | null | undefined): boolean {
  return (nickname ?? '').trim() !== '';
}

export interface AccountCreationInput {
  familyId: string | null | undefined;
  /** The chosen institution, if any. */
  institution?: Pick<Institution, 'id' | 'external_id' | 'name' | 'display_name'> | null;
  /** Services ticked for the chosen institution. */
  selectedServices?: readonly string[];
  /** Nickname. */
  accountName?: string | null;
  /** Typed bank name when no institution is chosen; undefined when manual entry was not used at all. */
  manualBankName?: string | null;
  /** Account type of a single account (default current). */
  accountType?: AccountType | null;
}

export interface NewAccountRow {
  family_id: string;
  name: string;
  bank_name: string;
  account_type: AccountType;
  institution_id: string | null;
  detected_institution_id: string | null;
  /** The service this row was created for, when created per service. */
  service: string | null;
}

export type AccountCreationResult = { ok: true; rows: NewAccountRow[] } | { ok: false; error: string };

/**
 * Account rows to insert (spec 2 §5 creation rules):
 * - a family id is required;
 * - with an institution: it needs a name, and selected services or an account name; with services, one
 *   account per selected service named '{display name} {service}', else one account with the nickname;
 * - without one, manual entry needs a bank name ('Bank name is required for manual entry'); the bank name
 *   stands in for a missing nickname;
 * - otherwise 'Insufficient information provided for account creation'.
 */
export function planAccountCreation(input: AccountCreationInput): AccountCreationResult {
  const familyId = input.familyId?.trim();
  if (!familyId) return { ok: false, error: ACCOUNT_ERRORS.familyRequired };
  const name = (input.accountName ?? '').trim();
  const type: AccountType = input.accountType ?? 'current';
  const inst = input.institution;
  if (inst) {
    const bank = institutionDisplayName(inst);
    const services = [...new Set(input.selectedServices ?? [])];
    if (!bank || (services.length === 0 && !name)) return { ok: false, error: ACCOUNT_ERRORS.insufficient };
    const common = {
      family_id: familyId,
      bank_name: bank,
      institution_id: inst.id,
      detected_institution_id: detectedInstitutionId(inst),
    };
    if (services.length > 0) {
      return {
        ok: true,
        rows: services.map((code) => ({
          ...common,
          name: serviceAccountName(inst, code),
          account_type: serviceAccountType(code),
          service: code,
        })),
      };
    }
    return { ok: true, rows: [{ ...common, name, account_type: type, service: null }] };
  }
  if (input.manualBankName !== undefined && input.manualBankName !== null) {
    const bank = input.manualBankName.trim();
    if (!bank) return { ok: false, error: ACCOUNT_ERRORS.bankNameRequired };
    return {
      ok: true,
      rows: [
        {
          family_id: familyId,
          name: name || bank,
          bank_name: bank,
          account_type: type,
          institution_id: null,
          detected_institution_id: null,
          service: null,
        },
      ],
    };
  }
  return { ok: false, error: ACCOUNT_ERRORS.insufficient };
}

/** Names of the accounts that will be created, for the onboarding info box (spec 1 §2). */
export function accountsToBeCreated(
  institution: Pick<Institution, 'name' | 'display_name'>,
  selectedServices: readonly string[],
): string[] {
  return [...new Set(selectedServices)].map((code) => serviceAccountName(institution, code));
}

export const SEPARATE_ACCOUNTS_NOTE = 'Each service will be created as a separate account';
export const ARCHIVED_TOGGLE = (n: number) => `Show Archived Accounts (${n})`;
export const NO_ARCHIVED_ACCOUNTS = 'No archived accounts';
