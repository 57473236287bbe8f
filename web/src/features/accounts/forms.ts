import * as z from 'zod/mini';
import {
  type AccountRequestInput,
  accountRequestSchema,
  updateAccountRequestSchema,
} from '../../../../functions/contracts/accounts';
import { ACCOUNT_ERRORS } from '../../../../functions/domain/accounts';

/**
 * Account Setup's forms on the shared contracts: the rename form is the PATCH body with its nickname required;
 * the add-account form is an account request whose nickname is required (spec 2 §5) and whose manual entry
 * (no institution chosen) needs a bank name.
 */
export const renameFormSchema = z.required(updateAccountRequestSchema);
export type RenameForm = z.input<typeof renameFormSchema>;

export const addAccountFormSchema = z
  .extend(accountRequestSchema, { name: renameFormSchema.shape.name })
  .check(
    z.refine((v) => Boolean(v.institution_id) || Boolean(v.bank_name?.trim()), {
      message: ACCOUNT_ERRORS.bankNameRequired,
      path: ['bank_name'],
    }),
  );
export type AddAccountForm = z.input<typeof addAccountFormSchema>;
export type AddAccountValues = z.output<typeof addAccountFormSchema>;

/** The request for POST /api/accounts: a catalogue institution with its services, or a typed bank name. */
export function toCreateRequest(values: AddAccountValues): AccountRequestInput {
  return values.institution_id
    ? {
        name: values.name,
        account_type: values.account_type,
        institution_id: values.institution_id,
        services: values.services,
      }
    : {
        name: values.name,
        bank_name: values.bank_name ?? null,
        account_type: values.account_type,
        services: [],
      };
}
