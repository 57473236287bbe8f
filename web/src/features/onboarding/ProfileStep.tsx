import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { COUNTRIES, CURRENCIES, type ProfileData, TIMEZONES } from './storage';

/**
 * Step 1 (spec 1 §2): first name*, last name*, phone (optional, a telephone input with no format check),
 * family name*, currency, country and timezone. Every change goes to the draft; Continue hands the values
 * to the wizard, which validates them with the domain's onboarding rules.
 */
export interface ProfileStepProps {
  initial: ProfileData;
  busy: boolean;
  onChange(values: ProfileData): void;
  onContinue(values: ProfileData): void;
}

export function ProfileStep({ initial, busy, onChange, onContinue }: ProfileStepProps) {
  const { register, handleSubmit, watch } = useForm<ProfileData>({ defaultValues: initial });
  useEffect(() => {
    const subscription = watch((values) => onChange(values as ProfileData));
    return () => subscription.unsubscribe();
  }, [watch, onChange]);

  return (
    <form noValidate onSubmit={handleSubmit(onContinue)} aria-labelledby="profile-title">
      <h2 id="profile-title">About you</h2>
      <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className="field-row">
          <div className="field">
            <label htmlFor="firstName">
              First name{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id="firstName"
              type="text"
              autoComplete="given-name"
              aria-required="true"
              {...register('firstName')}
            />
          </div>
          <div className="field">
            <label htmlFor="lastName">
              Last name{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id="lastName"
              type="text"
              autoComplete="family-name"
              aria-required="true"
              {...register('lastName')}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="phone">Phone (optional)</label>
          <input
            id="phone"
            type="tel"
            autoComplete="tel"
            aria-describedby="phone-hint"
            {...register('phone')}
          />
          <p id="phone-hint" className="hint">
            For account security and notifications.
          </p>
        </div>
        <div className="field">
          <label htmlFor="familyName">
            Family name{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id="familyName"
            type="text"
            autoComplete="off"
            placeholder="e.g. The Smith Family"
            aria-required="true"
            {...register('familyName')}
          />
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="currency">Currency</label>
            <select id="currency" {...register('currency')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="country">Country</label>
            <select id="country" {...register('country')}>
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="timezone">Timezone</label>
            <select id="timezone" {...register('timezone')}>
              {TIMEZONES.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Saving…' : 'Continue'}
        </button>
      </div>
    </form>
  );
}
