import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ulid } from 'ulid';
import { ApiError } from '../../api/client';
import { useCreateAccounts } from '../accounts/api';
import { useInitialiseFamily, useInitialiseSubscription, useSaveProfile } from '../family/api';
import { reportSignIn } from '../landing/analytics';
import { AccountsStep } from './AccountsStep';
import { CompleteStep } from './CompleteStep';
import { ProfileStep } from './ProfileStep';
import { ProgressBar } from './ProgressBar';
import { accountsStepError, profileStepError, toAccountRequest, toProfileUpdate } from './rules';
import {
  type AccountDraft,
  DEFAULT_PROFILE,
  loadDraft,
  markOnboardingComplete,
  type OnboardingDraft,
  type ProfileData,
  saveDraft,
  setFamilyId,
} from './storage';
import './onboarding.css';

/**
 * The onboarding wizard (spec 1 §2, §4): 1 profile → 2 accounts → 3 complete, with a progress bar, the draft
 * kept in localStorage (onboardingProgress) and restored on reload, and the first enabled input focused on
 * each step change. Step 1 Continue saves the profile, initialises the family and the trial and stores
 * currentFamilyId; step 2 Continue creates the accounts; Go to Dashboard completes onboarding.
 */
const SAVE_PROFILE_FAILED = 'Failed to save profile. Please try again.';
const CREATE_FAMILY_FAILED = 'Failed to create family';
const SAVE_ACCOUNTS_FAILED = 'Failed to save accounts. Please try again.';

export function newAccountDraft(): AccountDraft {
  return {
    clientId: ulid(),
    name: '',
    bankName: '',
    accountType: 'current',
    services: [],
    availableServices: [],
    institutionId: null,
    institutionName: null,
  };
}

function initialDraft(): OnboardingDraft {
  return loadDraft() ?? { currentStep: 1, profileData: DEFAULT_PROFILE, accounts: [newAccountDraft()] };
}

/** Codes whose message is not written for the family: the step's own message is shown instead. */
const GENERIC_CODES = new Set(['internal_error', 'http_error', 'network', 'bad_response', 'unauthorized']);

/** The server's user-facing message (e.g. 'Failed to create accounts for Monzo'), else the step's message. */
function messageFor(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !GENERIC_CODES.has(error.code)) return error.message;
  return fallback;
}

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

export function Onboarding() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<OnboardingDraft>(initialDraft);
  const [error, setError] = useState<string | null>(null);
  /** The banner shows a step's own check (not the server's answer): it follows the fields as they are fixed. */
  const stepCheck = useRef<((d: OnboardingDraft) => string | null) | null>(null);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const saveProfile = useSaveProfile();
  const initialiseFamily = useInitialiseFamily();
  const initialiseSubscription = useInitialiseSubscription();
  const createAccounts = useCreateAccounts();
  const step = draft.currentStep;

  useEffect(() => saveDraft(draft), [draft]);
  // A newcomer signed in after a landing call to action: the landing page's conversion (reported once).
  useEffect(() => reportSignIn(), []);
  useEffect(() => {
    const root = panel.current?.querySelector<HTMLElement>(`[data-step="${step}"]`);
    const target = root?.querySelector<HTMLElement>(FOCUSABLE) ?? root?.querySelector<HTMLElement>('button');
    target?.focus();
  }, [step]);

  const showStepError = (message: string, check: (d: OnboardingDraft) => string | null) => {
    stepCheck.current = check;
    setError(message);
  };
  const showError = (message: string | null) => {
    stepCheck.current = null;
    setError(message);
  };
  // A step's error clears (or changes) as soon as the field it is about is fixed (the draft changes).
  useEffect(() => {
    if (!stepCheck.current) return;
    const message = stepCheck.current(draft);
    if (!message) stepCheck.current = null;
    setError(message);
  }, [draft]);

  const goTo = (currentStep: OnboardingDraft['currentStep']) => {
    showError(null);
    setDraft((d) => ({ ...d, currentStep }));
  };
  const onProfileChange = useCallback(
    (profileData: ProfileData) => setDraft((d) => ({ ...d, profileData })),
    [],
  );

  const continueFromProfile = async (profile: ProfileData) => {
    const invalid = profileStepError(profile);
    if (invalid) return showStepError(invalid, (d) => profileStepError(d.profileData));
    showError(null);
    setBusy(true);
    try {
      await saveProfile.mutateAsync(toProfileUpdate(profile)).catch((e: unknown) => {
        throw new Error(messageFor(e, SAVE_PROFILE_FAILED));
      });
      const family = await initialiseFamily
        .mutateAsync({ name: profile.familyName.trim() })
        .catch((e: unknown) => {
          throw new Error(messageFor(e, CREATE_FAMILY_FAILED));
        });
      await initialiseSubscription.mutateAsync().catch((e: unknown) => {
        // The trial can still start later (the app initialises it when asked to): never block onboarding on it.
        console.warn('Subscription initialisation failed:', (e as Error).message);
      });
      setFamilyId(family.family_id);
      setDraft((d) => ({ ...d, profileData: profile, currentStep: 2 }));
    } catch (e) {
      showError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const continueFromAccounts = async () => {
    const invalid = accountsStepError(draft.accounts);
    if (invalid) return showStepError(invalid, (d) => accountsStepError(d.accounts));
    showError(null);
    setBusy(true);
    try {
      await createAccounts.mutateAsync(draft.accounts.map(toAccountRequest));
      goTo(3);
    } catch (e) {
      showError(messageFor(e, SAVE_ACCOUNTS_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const finish = () => {
    markOnboardingComplete();
    navigate('/app');
  };

  const updateAccount = (index: number, patch: Partial<AccountDraft>) =>
    setDraft((d) => ({ ...d, accounts: d.accounts.map((a, i) => (i === index ? { ...a, ...patch } : a)) }));

  return (
    <main className="onboarding">
      <div className="onboarding-panel" ref={panel}>
        <h1>Welcome to Family Finance</h1>
        <p className="lede">Set up your family in under 2 minutes.</p>
        <ProgressBar step={step} />
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <div data-step={step}>
          {step === 1 && (
            <ProfileStep
              initial={draft.profileData}
              busy={busy}
              onChange={onProfileChange}
              onContinue={continueFromProfile}
            />
          )}
          {step === 2 && (
            <AccountsStep
              accounts={draft.accounts}
              busy={busy}
              onChange={updateAccount}
              onAdd={() => setDraft((d) => ({ ...d, accounts: [...d.accounts, newAccountDraft()] }))}
              onRemove={(index) =>
                setDraft((d) => ({ ...d, accounts: d.accounts.filter((_, i) => i !== index) }))
              }
              onBack={() => goTo(1)}
              onContinue={continueFromAccounts}
            />
          )}
          {step === 3 && <CompleteStep onFinish={finish} />}
        </div>
      </div>
    </main>
  );
}
