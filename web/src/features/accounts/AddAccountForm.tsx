import { useId, useState } from 'react';
import { selectableAccountTypes } from '../../../../functions/contracts/accounts';
import type { Institution, ServiceTypeCode } from '../../../../functions/contracts/institutions';
import {
  ACCOUNT_ERRORS,
  accountsToBeCreated,
  defaultSelectedServices,
} from '../../../../functions/domain/accounts';
import { Alert } from '../../components/Alert';
import { ACCOUNT_TYPE_LABELS } from '../../components/account-types';
import { Field, useContractForm } from '../../components/Field';
import { useServiceTypes } from '../onboarding/api';
import { InstitutionPicker } from '../onboarding/InstitutionPicker';
import { useCreateAccounts } from './api';
import { addAccountFormSchema, type AddAccountForm as FormInput, toCreateRequest } from './forms';

/**
 * The add-account form (spec 2 §5): a nickname (required, trimmed; submit stays disabled while it is empty),
 * the institution picker with a typed bank name when the bank is not listed, the account type, and the
 * chosen institution's services with current, savings and credit cards pre-selected where offered. One
 * account is created per selected service, otherwise one account.
 */
const EMPTY: FormInput = {
  name: '',
  bank_name: '',
  account_type: 'current',
  institution_id: null,
  services: [],
};

export function AddAccountForm({
  title = 'Add an account',
  onCreated,
}: {
  title?: string;
  /** After the accounts are created (e.g. to choose the new one where the form was opened). */
  onCreated?(accounts: Array<{ id: string; name: string }>): void;
} = {}) {
  const id = useId();
  const create = useCreateAccounts();
  const { data: serviceTypes } = useServiceTypes();
  const [institution, setInstitution] = useState<Institution | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const form = useContractForm(addAccountFormSchema, { defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const nickname = watch('name') ?? '';
  const services = watch('services') ?? [];
  const serviceName = (code: string) =>
    serviceTypes?.find((s) => s.code === code)?.name ?? code.replace(/_/g, ' ');
  const perService = institution !== null && services.length > 0;

  const pick = (chosen: Institution | null) => {
    setInstitution(chosen);
    setValue('institution_id', chosen?.id ?? null);
    setValue('services', chosen ? defaultSelectedServices(chosen.services) : []);
    if (chosen) setValue('bank_name', '', { shouldValidate: false });
    form.clearErrors('bank_name');
  };
  const toggle = (code: ServiceTypeCode, on: boolean) => {
    const available = institution?.services ?? [];
    setValue(
      'services',
      on ? available.filter((s) => s === code || services.includes(s)) : services.filter((s) => s !== code),
    );
  };

  const submit = handleSubmit(async (values) => {
    setResult(null);
    try {
      const created = await create.mutateAsync([toCreateRequest(values)]);
      const names = created.accounts.map((a) => a.name);
      setResult({
        tone: 'success',
        text:
          names.length === 1 ? `Added ${names[0]}.` : `Added ${names.length} accounts: ${names.join(', ')}.`,
      });
      reset(EMPTY);
      setInstitution(null);
      onCreated?.(created.accounts);
    } catch (error) {
      setResult({ tone: 'danger', text: ACCOUNT_ERRORS.alert((error as Error).message) });
    }
  });

  return (
    <form
      className="add-account-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <Field
        label="Nickname"
        required
        error={errors.name?.message}
        hint="How the account is shown, e.g. Joint current"
      >
        {(control) => <input {...control} type="text" autoComplete="off" {...register('name')} />}
      </Field>

      <InstitutionPicker
        label="Bank or provider"
        selected={institution ? { id: institution.id, name: institution.display_name } : null}
        onSelect={pick}
      />

      <Field label="Bank name (only if not found)" error={errors.bank_name?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            disabled={institution !== null}
            {...register('bank_name')}
          />
        )}
      </Field>

      <Field
        label="Account type"
        error={errors.account_type?.message}
        hint={perService ? 'Accounts created per service take their type from the service.' : undefined}
      >
        {(control) => (
          <select {...control} {...register('account_type')}>
            {selectableAccountTypes.map((type) => (
              <option key={type} value={type}>
                {ACCOUNT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>

      {institution && institution.services.length > 0 && (
        <fieldset className="account-services">
          <legend>Services you have with {institution.display_name}</legend>
          {institution.services.map((code) => (
            <label key={code}>
              <input
                type="checkbox"
                checked={services.includes(code)}
                onChange={(event) => toggle(code, event.target.checked)}
              />
              {serviceName(code)}
            </label>
          ))}
        </fieldset>
      )}

      {perService && (
        <Alert tone="info" title="Each service will be created as a separate account">
          <ul>
            {accountsToBeCreated(institution, services).map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </Alert>
      )}

      {result && <Alert tone={result.tone}>{result.text}</Alert>}

      <div className="form-actions">
        <button
          type="submit"
          className="button primary"
          disabled={nickname.trim() === '' || isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? 'Adding…' : 'Add account'}
        </button>
      </div>
    </form>
  );
}
