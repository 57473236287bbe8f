import type { AccountRequestInput } from '../../../../functions/contracts/accounts';
import type { ProfileUpdateInput } from '../../../../functions/contracts/profile';
import { accountsToBeCreated, defaultSelectedServices } from '../../../../functions/domain/accounts';
import {
  validateOnboardingAccounts,
  validateOnboardingProfile,
} from '../../../../functions/domain/validation';
import type { AccountDraft, ProfileData } from './storage';

/**
 * The wizard's bridge to the domain rules (functions/domain): it maps the draft's shapes to the domain's
 * inputs and the API's requests, and holds no rule of its own.
 */

/** A bank with services is chosen and at least one service ticked: the name field gives way to the info box. */
export function bankWithServicesChosen(account: AccountDraft): boolean {
  return (
    Boolean(account.institutionId) && account.availableServices.length > 0 && account.services.length > 0
  );
}

export function defaultServicesFor(available: readonly string[]): string[] {
  return defaultSelectedServices(available);
}

/** The names of the accounts the card will create (one per selected service). */
export function accountNamesFor(account: AccountDraft): string[] {
  const name = account.institutionName ?? '';
  return accountsToBeCreated({ name, display_name: name }, account.services);
}

export function profileStepError(profile: ProfileData): string | null {
  return validateOnboardingProfile(profile);
}

export function accountsStepError(accounts: AccountDraft[]): string | null {
  return validateOnboardingAccounts(accounts);
}

export function toProfileUpdate(profile: ProfileData): ProfileUpdateInput {
  return {
    first_name: profile.firstName.trim(),
    last_name: profile.lastName.trim(),
    phone: profile.phone.trim() || null,
    country: profile.country,
    timezone: profile.timezone as ProfileUpdateInput['timezone'],
    currency: profile.currency,
    // Onboarding's phone is optional and not format-checked (spec 1 §5); the profile screen checks it.
    from_onboarding: true,
  };
}

export function toAccountRequest(account: AccountDraft): AccountRequestInput {
  if (account.institutionId) {
    return {
      client_id: account.clientId,
      institution_id: account.institutionId,
      services: account.services as AccountRequestInput['services'],
      name: account.name.trim() || null,
      account_type: account.accountType,
    };
  }
  return {
    client_id: account.clientId,
    bank_name: account.bankName.trim(),
    name: account.name.trim() || null,
    account_type: account.accountType,
  };
}
