import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '../../web/src/features/profile/ProfilePage';
import { createFakeApi, type FakeApi } from './support/fake-api';

vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

/**
 * Profile settings (spec 1 §2, §4, §5, §8) against the fake API, which applies the server's real rules
 * (the domain's validation and preparation): what a family member sees and what is saved.
 */
let api: FakeApi;
beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const saves = () => api.calls.filter((c) => c.method === 'PUT' && c.path === '/api/profile');

describe('profile settings', () => {
  it('shows the four sections, the saved values and the completion percentage', async () => {
    api.setProfile({ first_name: 'Ada', last_name: 'Lovelace', city: 'London', country: 'UK' });
    renderPage();
    for (const name of ['Basic Information', 'Contact Information', 'Address', 'Preferences'])
      expect(await screen.findByRole('heading', { name })).toBeTruthy();
    expect(input(/^First name/).value).toBe('Ada');
    expect(input('Town or city').value).toBe('London');
    expect(screen.queryByText(/^Last updated/)).toBeNull(); // never saved
    // 4 of the 7 counted fields (first, last, city, country): round(4 / 7 × 100) = 57.
    expect(
      screen.getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuetext'),
    ).toBe('57% complete');
    const user = userEvent.setup();
    await user.type(input('Phone'), '07700900123');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('71% complete');
    expect((screen.getByLabelText('Timezone') as HTMLSelectElement).options.length).toBe(6);
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeTruthy();
  });

  it('requires first and last name, checks phone and postcode, and clears a field error when it is edited', async () => {
    api.setProfile(null);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Basic Information' });
    await user.type(input('Phone'), 'abc');
    await user.type(input('Postcode'), 'XYZ 123');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Please enter a valid UK postcode')).toBeTruthy();
    expect(input(/^First name/).getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toHaveLength(0);
    await user.type(input(/^First name/), 'A');
    expect(screen.queryByText('First name is required')).toBeNull();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    await user.type(input('Phone'), 'x');
    expect(screen.queryByText('Please enter a valid phone number')).toBeNull();
  });

  it('accepts UK and international phones, saves the postcode upper case with its space and an empty date of birth as null', async () => {
    api.setProfile({ first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Address' });
    await user.type(input('Phone'), '+44 7700 900123');
    await user.type(input('Postcode'), 'sw1a1aa');
    await user.clear(input('Date of birth'));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(screen.getByText('Last updated Today')).toBeTruthy(); // relative dates (spec 1 §9)
    expect(api.profile()).toMatchObject({
      postcode: 'SW1A 1AA',
      date_of_birth: null,
      phone: '+44 7700 900123',
    });
    expect(input('Postcode').value).toBe('SW1A 1AA');
    // The message goes after 3 seconds.
    await waitFor(() => expect(screen.queryByText('Profile updated successfully!')).toBeNull(), {
      timeout: 4500,
    });
  }, 10_000);

  it('Cancel puts back what is saved', async () => {
    api.setProfile({ first_name: 'Ada', last_name: 'Lovelace' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Address' });
    await user.clear(input(/^First name/));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    // The form checks its fields asynchronously: wait for the message, then for the reset.
    expect(await screen.findByText('First name is required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(input(/^First name/).value).toBe('Ada'));
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull());
  });

  it("shows a save failure in a danger banner: the server's message, else the spec's", async () => {
    api.setProfile({ first_name: 'Ada', last_name: 'Lovelace' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Address' });
    api.fail('PUT /api/profile', 500);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save profile. Please try again.');
    api.fail('PUT /api/profile', 400, {
      error: { code: 'validation_error', message: 'Choose a timezone from the list' },
    });
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Choose a timezone from the list'),
    );
    api.fail('PUT /api/profile', 401, { message: 'Unauthorized' });
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('User not authenticated'));
  });

  it('shows a load failure in a danger banner, without a form that could overwrite what is saved', async () => {
    api.fail('GET /api/profile', 500);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load profile. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Profile' })).toBeNull();
    api.clearFailures();
    api.setProfile({ first_name: 'Ada', last_name: 'Lovelace' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByLabelText(/^First name/)) as HTMLInputElement).value).toBe('Ada');
  });

  it("reads 'Not authenticated' when the session has lapsed", async () => {
    api.fail('GET /api/profile', 401, { message: 'Unauthorized' });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Not authenticated');
  });
});
