import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Onboarding } from '../../web/src/features/onboarding/Onboarding';
import { createFakeApi, type FakeApi } from './support/fake-api';
import { renderWithProviders } from './support/render';

vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
const value = (el: HTMLElement) => (el as HTMLInputElement | HTMLSelectElement).value;

beforeEach(() => {
  localStorage.clear();
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillProfile(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function completeStep1(user: ReturnType<typeof userEvent.setup>) {
  await fillProfile(user, { 'First name': 'Ada', 'Last name': 'Lovelace', 'Family name': 'The Lovelaces' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Your accounts' });
}

async function pickInstitution(user: ReturnType<typeof userEvent.setup>, text: string, option: string) {
  const combobox = screen.getAllByRole('combobox', { name: 'Bank or provider' }).at(-1)!;
  await user.click(combobox);
  await user.type(combobox, text);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
}

describe('onboarding step 1: profile', () => {
  it('shows step 1 of 3 with the defaults and focuses the first input', async () => {
    renderWithProviders(<Onboarding />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Step 1 of 3: Profile');
    expect(value(screen.getByLabelText('Currency'))).toBe('GBP');
    expect(value(screen.getByLabelText('Country'))).toBe('UK');
    expect(value(screen.getByLabelText('Timezone'))).toBe('Europe/London');
    expect(screen.getByLabelText(/^Phone/).getAttribute('type')).toBe('tel');
    expect([...(screen.getByLabelText('Currency') as HTMLSelectElement).options].map((o) => o.value)).toEqual(
      ['GBP', 'USD', 'EUR', 'AUD', 'CAD'],
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First name/)));
  });

  it('asks for the family name, then for the first and last name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Onboarding />);
    await fillProfile(user, { 'First name': 'Ada', 'Last name': 'Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a family name');
    await fillProfile(user, { 'Last name': '', 'Family name': 'The Lovelaces' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your first and last name');
    expect(api.calls).toEqual([]);
  });

  it('saves the profile, initialises the family and the trial, stores currentFamilyId and moves to step 2', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Onboarding />);
    await fillProfile(user, { Phone: '07700 900123' });
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await completeStep1(user);
    const writes = api.calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/profile',
      'POST /api/family',
      'POST /api/subscription',
    ]);
    expect(writes.every((c) => c.authorization === 'Bearer test-id-token')).toBe(true);
    expect(writes[0]?.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '07700 900123',
      currency: 'EUR',
      country: 'UK',
    });
    expect(writes[1]?.body).toEqual({ name: 'The Lovelaces' });
    expect(localStorage.getItem('currentFamilyId')).toBe('01JD8Z0000000000000000FAM1');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Bank or provider' })),
    );
  });

  it("shows the server's message, or the generic one, when the profile cannot be saved", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Onboarding />);
    api.fail('PUT /api/profile', 400, {
      error: { code: 'validation_error', message: 'Please enter a valid phone number' },
    });
    await fillProfile(user, { 'First name': 'Ada', 'Last name': 'Lovelace', 'Family name': 'L' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a valid phone number');
    api.fail('PUT /api/profile', 500);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Failed to save profile. Please try again.'),
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
  });
});

describe('onboarding step 2: accounts', () => {
  it('offers the chosen bank services with the default pre-selection and lists the accounts to be created', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Onboarding />);
    await completeStep1(user);
    expect(screen.getByLabelText(/^Account name/)).toBeTruthy();
    await pickInstitution(user, 'barc', 'Barclays');
    const services = screen.getByRole('group', { name: 'Services you have with Barclays' });
    const checked = within(services)
      .getAllByRole('checkbox')
      .filter((c) => (c as HTMLInputElement).checked)
      .map((c) => c.closest('label')?.textContent);
    expect(checked).toEqual(['Current Accounts', 'Savings Accounts', 'Credit Cards']);
    expect(screen.queryByLabelText(/^Account name/)).toBeNull();
    expect((screen.getByLabelText('Bank name (only if not found)') as HTMLInputElement).disabled).toBe(true);
    const info = screen.getByRole('status');
    expect(info.textContent).toContain('Each service will be created as a separate account');
    expect(
      within(info)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Barclays Current Account', 'Barclays Savings Account', 'Barclays Credit Card']);
    await user.click(within(services).getByRole('checkbox', { name: 'ISAs' }));
    expect(
      within(info)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Barclays ISA');
  });

  it('a card named before its bank is picked is one account with that nickname and type', async () => {
    const user = userEvent.setup();
    localStorage.setItem('forceOnboardingTest', 'true');
    renderWithProviders(<Onboarding />);
    await completeStep1(user);
    await user.type(screen.getByLabelText(/^Account name/), 'Amex Gold');
    await user.selectOptions(screen.getByLabelText('Account type'), 'credit');
    await pickInstitution(user, 'american', 'American Express');
    const services = screen.getByRole('group', { name: 'Services you have with American Express' });
    expect(
      within(services)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked),
    ).toEqual([]);
    expect((screen.getByLabelText(/^Account name/) as HTMLInputElement).value).toBe('Amex Gold');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/accounts');
    expect(post?.body).toMatchObject({
      accounts: [
        { institution_id: 'american-express', services: [], name: 'Amex Gold', account_type: 'credit' },
      ],
    });
    expect(api.accounts.map((a) => [a.name, a.account_type])).toEqual([['Amex Gold', 'credit']]);
  });

  it('validates the cards, and Continue is disabled with zero accounts', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Onboarding />);
    await completeStep1(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Please fill in all account details and select or enter a bank name',
    );
    await user.type(screen.getByLabelText('Bank name (only if not found)'), 'Hackney Credit Union');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Please fill in all account details and select or enter a bank name',
    );
    await user.click(screen.getByRole('button', { name: 'Remove Account 1' }));
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLInputElement).disabled).toBe(true);
    expect(api.calls.some((c) => c.path === '/api/accounts')).toBe(false);
  });

  it('creates the accounts, shows step 3 and completes onboarding into /app', async () => {
    const user = userEvent.setup();
    const completed = vi.fn();
    window.addEventListener('onboardingComplete', completed);
    localStorage.setItem('forceOnboardingTest', 'true');
    renderWithProviders(<Onboarding />);
    await completeStep1(user);
    await pickInstitution(user, 'monzo', 'Monzo');
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    const names = screen.getAllByLabelText(/^Account name/);
    await user.type(names.at(-1)!, 'Credit union savings');
    await user.type(
      screen.getAllByLabelText('Bank name (only if not found)').at(-1)!,
      'Hackney Credit Union',
    );
    await user.selectOptions(screen.getAllByLabelText('Account type').at(-1)!, 'savings');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/accounts');
    expect(post?.body).toMatchObject({
      accounts: [
        { institution_id: 'monzo', services: ['current_accounts', 'savings_accounts'] },
        { bank_name: 'Hackney Credit Union', name: 'Credit union savings', account_type: 'savings' },
      ],
    });
    expect(api.accounts.map((a) => a.name)).toEqual([
      'Monzo Current Account',
      'Monzo Savings Account',
      'Credit union savings',
    ]);

    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('App shell')).toBeTruthy();
    expect(localStorage.getItem('onboardingComplete')).toBe('true');
    expect(localStorage.getItem('onboardingProgress')).toBeNull();
    expect(localStorage.getItem('forceOnboardingTest')).toBeNull();
    expect(completed).toHaveBeenCalledTimes(1);
    window.removeEventListener('onboardingComplete', completed);
  });

  it('keeps step 2 with the message when the accounts cannot be saved; Back clears the error', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Onboarding />);
    await completeStep1(user);
    await pickInstitution(user, 'starling', 'Starling Bank');
    api.fail('POST /api/accounts', 500, { message: 'Internal Server Error' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to save accounts. Please try again.',
    );
    api.fail('POST /api/accounts', 400, {
      error: { code: 'validation_error', message: 'Insufficient information provided for account creation' },
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Insufficient information provided for account creation',
      ),
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(value(screen.getByLabelText(/^First name/))).toBe('Ada');
  });
});

describe('onboarding draft (localStorage onboardingProgress)', () => {
  it('keeps the draft as the user types and restores it on reload', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<Onboarding />);
    await fillProfile(user, { 'First name': 'Grace', 'Family name': 'Hoppers' });
    const saved = JSON.parse(localStorage.getItem('onboardingProgress') ?? '{}');
    expect(saved).toMatchObject({
      currentStep: 1,
      profileData: { firstName: 'Grace', familyName: 'Hoppers', currency: 'GBP' },
    });
    first.unmount();
    renderWithProviders(<Onboarding />);
    expect(value(screen.getByLabelText(/^First name/))).toBe('Grace');
    expect(value(screen.getByLabelText(/^Family name/))).toBe('Hoppers');
  });

  it('restores step 2 with its account cards', async () => {
    localStorage.setItem(
      'onboardingProgress',
      JSON.stringify({
        currentStep: 2,
        profileData: {
          currency: 'GBP',
          country: 'UK',
          timezone: 'Europe/London',
          familyName: 'F',
          firstName: 'A',
          lastName: 'B',
          phone: '',
        },
        accounts: [
          {
            clientId: '01JD8ZA3B5C7D9E1F3G5H7J9K1',
            name: '',
            bankName: '',
            accountType: 'current',
            services: ['current_accounts'],
            availableServices: ['current_accounts', 'savings_accounts', 'overdrafts'],
            institutionId: 'kroo',
            institutionName: 'Kroo',
          },
        ],
      }),
    );
    renderWithProviders(<Onboarding />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    expect(value(screen.getByRole('combobox', { name: 'Bank or provider' }))).toBe('Kroo');
    expect(screen.getByRole('status').textContent).toContain('Kroo Current Account');
  });

  it('ignores a corrupt draft', () => {
    localStorage.setItem('onboardingProgress', '{not json');
    renderWithProviders(<Onboarding />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
  });
});
