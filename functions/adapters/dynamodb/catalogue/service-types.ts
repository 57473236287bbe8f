import type { ServiceType } from '../../../contracts/institutions';

/** The service types of spec 2 §3, seeded into the table (one catalogue item). Ids are stable. */
export const SERVICE_TYPES: ServiceType[] = [
  { id: 'st_current_accounts', code: 'current_accounts', name: 'Current Accounts' },
  { id: 'st_savings_accounts', code: 'savings_accounts', name: 'Savings Accounts' },
  { id: 'st_mortgages', code: 'mortgages', name: 'Mortgages' },
  { id: 'st_credit_cards', code: 'credit_cards', name: 'Credit Cards' },
  { id: 'st_personal_loans', code: 'personal_loans', name: 'Personal Loans' },
  { id: 'st_business_banking', code: 'business_banking', name: 'Business Banking' },
  { id: 'st_private_banking', code: 'private_banking', name: 'Private Banking' },
  { id: 'st_investment_banking', code: 'investment_banking', name: 'Investment Banking' },
  { id: 'st_wealth_management', code: 'wealth_management', name: 'Wealth Management' },
  { id: 'st_insurance', code: 'insurance', name: 'Insurance' },
  { id: 'st_isa', code: 'isa', name: 'ISAs' },
  { id: 'st_sipp', code: 'sipp', name: 'Pensions (SIPP)' },
  { id: 'st_bnpl', code: 'bnpl', name: 'Buy Now Pay Later' },
  { id: 'st_overdrafts', code: 'overdrafts', name: 'Overdrafts' },
];
