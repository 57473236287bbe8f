import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Profile, ProfileUpdateInput } from '../../../../functions/contracts/profile';
import {
  profileCountries,
  profileCurrencies,
  profileTimezones,
} from '../../../../functions/contracts/profile';
import { relativeDate } from '../../../../functions/domain/format';
import {
  clearFieldError,
  type ProfileErrors,
  profileCompleteness,
  validateProfile,
} from '../../../../functions/domain/validation';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { ProgressBar } from '../../components/ProgressBar';
import { PROFILE_MESSAGES, profileErrorMessage, useProfile, useSaveProfile } from './api';
import './profile.css';

/**
 * Profile settings (spec 1 §2, §4, §5; /app/profile): Basic Information, Contact Information, Address and
 * Preferences, the completion percentage, Save Profile and Cancel (back to what is saved). The domain checks
 * the form (names required, phone international or UK, UK postcode) and a field's error clears as soon as
 * that field is edited; the server saves the postcode upper case with its space and an empty date of birth
 * as null. 'Profile updated successfully!' shows for 3 s; load and save errors show in a danger banner.
 */
export const SUCCESS_MS = 3000;

type FormValues = Record<
  | 'first_name'
  | 'last_name'
  | 'display_name'
  | 'date_of_birth'
  | 'phone'
  | 'address_line_1'
  | 'address_line_2'
  | 'city'
  | 'postcode'
  | 'country'
  | 'timezone'
  | 'currency',
  string
>;
type FieldName = keyof FormValues;

const COUNTRY_LABELS: Record<(typeof profileCountries)[number], string> = {
  UK: 'United Kingdom',
  IE: 'Ireland',
  US: 'United States',
  CA: 'Canada',
  AU: 'Australia',
};
const TIMEZONE_LABELS: Record<(typeof profileTimezones)[number], string> = {
  'Europe/London': 'London (GMT/BST)',
  'Europe/Dublin': 'Dublin (GMT/IST)',
  'America/New_York': 'New York (Eastern)',
  'America/Los_Angeles': 'Los Angeles (Pacific)',
  'America/Toronto': 'Toronto (Eastern)',
  'Australia/Sydney': 'Sydney (AEST)',
};

function toForm(profile: Profile | null | undefined): FormValues {
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    display_name: profile?.display_name ?? '',
    date_of_birth: profile?.date_of_birth ?? '',
    phone: profile?.phone ?? '',
    address_line_1: profile?.address_line_1 ?? '',
    address_line_2: profile?.address_line_2 ?? '',
    city: profile?.city ?? '',
    postcode: profile?.postcode ?? '',
    country: profile?.country ?? 'UK',
    timezone: profile?.timezone ?? 'Europe/London',
    currency: profile?.currency ?? 'GBP',
  };
}

function toUpdate(values: FormValues): ProfileUpdateInput {
  return {
    ...values,
    country: values.country as ProfileUpdateInput['country'],
    timezone: values.timezone as ProfileUpdateInput['timezone'],
    currency: values.currency as ProfileUpdateInput['currency'],
  };
}

export function ProfilePage() {
  const profile = useProfile();
  const save = useSaveProfile();
  const [values, setValues] = useState<FormValues>(() => toForm(profile.data));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const loadedFor = useRef<Profile | null | undefined>(profile.data);
  const form = useRef<HTMLFormElement>(null);

  // The form follows the profile once it has loaded (and after a save, to show what was stored).
  useEffect(() => {
    if (profile.data === undefined || loadedFor.current === profile.data) return;
    loadedFor.current = profile.data;
    setValues(toForm(profile.data));
  }, [profile.data]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const edit = (name: FieldName) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (name in errors) setErrors((e) => clearFieldError(e, name as keyof ProfileErrors));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    setSaved(false);
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Focus the first field with an error (the error is read out with it).
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      await save.mutateAsync(toUpdate(values));
      setSaved(true);
    } catch (error) {
      setSaveError(profileErrorMessage(error, 'save'));
    }
  };

  const onCancel = () => {
    setValues(toForm(profile.data));
    setErrors({});
    setSaveError(null);
  };

  const completeness = profileCompleteness(values);
  const text = (
    name: FieldName,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <Field
      label={label}
      required={options.required}
      error={errors[name as keyof ProfileErrors]}
      hint={options.hint}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          value={values[name]}
          onChange={edit(name)}
        />
      )}
    </Field>
  );

  if (profile.isPending) return <p role="status">Loading your profile...</p>;
  // Without the saved profile the form is not shown: saving it would overwrite fields the member cannot see.
  if (profile.isError)
    return (
      <div className="profile-page">
        <h1>Profile</h1>
        <Alert tone="danger">{profileErrorMessage(profile.error, 'load')}</Alert>
        <button type="button" className="button" onClick={() => void profile.refetch()}>
          Try again
        </button>
      </div>
    );

  return (
    <div className="profile-page">
      <header className="profile-header">
        <h1>Profile</h1>
        <p className="profile-lede">Your own details. Only you can see or change them.</p>
        <ProgressBar
          value={completeness}
          label="Profile completion"
          valueText={`${completeness}% complete`}
          tone={completeness === 100 ? 'success' : 'brand'}
        />
        <p className="profile-completion" aria-hidden="true">
          Profile {completeness}% complete
        </p>
        {profile.data?.updated_at && (
          <p className="profile-completion">
            Last updated{' '}
            {relativeDate(profile.data.updated_at, new Date(), profile.data.timezone ?? undefined)}
          </p>
        )}
      </header>
      {saveError && <Alert tone="danger">{saveError}</Alert>}
      {saved && <Alert tone="success">{PROFILE_MESSAGES.saved}</Alert>}
      <form ref={form} className="profile-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset disabled={save.isPending}>
          <section className="panel profile-section" aria-labelledby="profile-basic">
            <h2 id="profile-basic">Basic Information</h2>
            <div className="profile-grid">
              {text('first_name', 'First name', { required: true, autoComplete: 'given-name' })}
              {text('last_name', 'Last name', { required: true, autoComplete: 'family-name' })}
              {text('display_name', 'Display name', { hint: 'Shown in the header instead of your name' })}
              {text('date_of_birth', 'Date of birth', { type: 'date', autoComplete: 'bday' })}
            </div>
          </section>
          <section className="panel profile-section" aria-labelledby="profile-contact">
            <h2 id="profile-contact">Contact Information</h2>
            <div className="profile-grid">
              {text('phone', 'Phone', {
                type: 'tel',
                autoComplete: 'tel',
                hint: 'A UK number (07700 900123) or international (+44 7700 900123)',
              })}
            </div>
          </section>
          <section className="panel profile-section" aria-labelledby="profile-address">
            <h2 id="profile-address">Address</h2>
            <div className="profile-grid">
              {text('address_line_1', 'Address line 1', { autoComplete: 'address-line1' })}
              {text('address_line_2', 'Address line 2', { autoComplete: 'address-line2' })}
              {text('city', 'Town or city', { autoComplete: 'address-level2' })}
              {text('postcode', 'Postcode', { autoComplete: 'postal-code' })}
              <Field label="Country">
                {(control) => (
                  <select {...control} name="country" value={values.country} onChange={edit('country')}>
                    {profileCountries.map((c) => (
                      <option key={c} value={c}>
                        {COUNTRY_LABELS[c]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </section>
          <section className="panel profile-section" aria-labelledby="profile-preferences">
            <h2 id="profile-preferences">Preferences</h2>
            <div className="profile-grid">
              <Field label="Timezone">
                {(control) => (
                  <select {...control} name="timezone" value={values.timezone} onChange={edit('timezone')}>
                    {profileTimezones.map((t) => (
                      <option key={t} value={t}>
                        {TIMEZONE_LABELS[t]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Currency">
                {(control) => (
                  <select {...control} name="currency" value={values.currency} onChange={edit('currency')}>
                    {profileCurrencies.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </section>
        </fieldset>
        <div className="profile-actions">
          <button type="button" className="button" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Profile'}
          </button>
        </div>
      </form>
    </div>
  );
}
