/**
 * Entity types shared by the domain rules, the handlers and the web app. Field names follow the spec
 * (snake_case, spec 2 §3 and spec 3 §3) so rows read from storage can be passed in unchanged.
 */

/** Stored flow types (spec 2 §1). `unclassified` is only the display fallback, see EffectiveFlowType. */
export const FLOW_TYPES = [
  'income',
  'internal_transfer',
  'external_expense',
  'mortgage_payment',
  'mortgage_overpayment',
  'mortgage_fee',
] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** What every view shows: the correction, else the automatic type, else 'unclassified' (spec 2 §4). */
export type EffectiveFlowType = FlowType | 'unclassified';

/** The three types a user correction or an AI result may set (spec 2 §5 Correction, AI result). */
export const CORRECTABLE_FLOW_TYPES = ['income', 'internal_transfer', 'external_expense'] as const;
export type CorrectableFlowType = (typeof CORRECTABLE_FLOW_TYPES)[number];

/** Account types named in the notes (spec 2 §1). */
export const ACCOUNT_TYPES = ['current', 'savings', 'credit', 'isa', 'investment', 'mortgage'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Money in (credit) or out (debit) of the account, as the statement prints it. */
export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export type ClassificationMethod = 'user_corrected' | 'user_bulk_corrected' | 'ai_auto';

/** The account joined onto a transaction (spec 2 §3 "the joined account"). */
export interface TransactionAccount {
  name?: string | null;
  bank_name?: string | null;
  account_type?: AccountType | string | null;
  family_id?: string | null;
}

/**
 * A transaction (spec 2 §3). Only id, account_id, transaction_date ('YYYY-MM-DD'), amount (positive, pounds)
 * and description are always present; everything else may be missing on malformed rows (see cleanup).
 */
export interface Transaction {
  id: string;
  account_id: string;
  transaction_date: string;
  amount: number;
  description: string;
  signed_amount?: number | null;
  type?: TransactionType | string | null;
  balance?: number | null;
  flow_type?: FlowType | string | null;
  user_corrected_flow_type?: FlowType | string | null;
  classification_confidence?: number | null;
  classification_method?: ClassificationMethod | string | null;
  created_at?: string | null;
  category_id?: string | null;
  subcategory_id?: string | null;
  primary_category?: string | null;
  subcategory?: string | null;
  merchant_name?: string | null;
  category_confidence?: number | null;
  detected_institution_id?: string | null;
  account?: TransactionAccount | null;
}

/** An account (spec 2 §3). */
export interface Account {
  id: string;
  family_id: string;
  name: string;
  bank_name?: string | null;
  account_type: AccountType | string;
  institution_id?: string | null;
  detected_institution_id?: string | null;
  is_active?: boolean;
  is_archived?: boolean;
  archived_at?: string | null;
  created_at?: string | null;
  last_transaction_date?: string | null;
  transaction_count?: number;
  last_statement_upload?: string | null;
}

/** A service type code of the institution catalogue (spec 2 §3 service_types). */
export const SERVICE_CODES = [
  'current_accounts',
  'savings_accounts',
  'mortgages',
  'credit_cards',
  'personal_loans',
  'business_banking',
  'private_banking',
  'investment_banking',
  'wealth_management',
  'insurance',
  'isa',
  'sipp',
  'bnpl',
  'overdrafts',
] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

/** A financial institution from the catalogue (spec 2 §3), reduced to what the rules need. */
export interface Institution {
  id: string;
  external_id?: string | null;
  name: string;
  display_name?: string | null;
  type?: string | null;
  description?: string | null;
  status?: string | null;
  services?: readonly string[];
}

/** A learned family pattern (spec 2 §3 patterns). */
export interface PatternRules {
  description_contains: string[];
  flow_type: CorrectableFlowType | FlowType | string;
  confidence: number;
}
export interface LearnedPattern {
  family_id: string;
  pattern_type: 'user_correction' | 'bulk_correction' | string;
  pattern_rules: PatternRules;
  confidence_score: number;
  confirmed_by_user: boolean;
}

/** One row of user_corrections_audit (spec 2 §3). */
export interface CorrectionAudit {
  transaction_id: string;
  original_flow_type: EffectiveFlowType | string | null;
  corrected_flow_type: EffectiveFlowType | string | null;
  user_reasoning: string | null;
  confidence_at_correction: number | null;
  created_by: string;
}

/** The AI classification result (spec 2 §3). */
export interface AiClassificationResult {
  flow_type: CorrectableFlowType;
  confidence: number;
  reasoning: string;
  /**
   * The spending category the AI gave in the same answer (a seeded category id) and its confidence: absent
   * when it gave none, null when it named a category that is not in the seeded list (rejected).
   */
  category?: { category_id: string; confidence: number } | null;
}

/** Available data range (spec 3 §3). */
export interface AvailableDataRange {
  earliestDate: string | null;
  latestDate: string | null;
  totalTransactions: number;
}

/** A period (spec 3 §3): inclusive 'YYYY-MM-DD' bounds. */
export interface Period {
  start: string;
  end: string;
  label: string;
}

export type DataQuality = 'complete' | 'partial' | 'insufficient';
export type ConfidenceLevel = 'high' | 'medium' | 'low';
