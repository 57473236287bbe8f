import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../web/src/auth/auth-context';
import { navigation } from '../../web/src/features/subscription/api';
import { PaidAccessNotice } from '../../web/src/features/subscription/PaidAccessNotice';
import { SubscriptionGate } from '../../web/src/features/subscription/SubscriptionGate';
import { SubscriptionPanel } from '../../web/src/features/subscription/SubscriptionPanel';
import { SubscriptionReturnPage } from '../../web/src/features/subscription/SubscriptionReturnPage';
import { TrialBanner } from '../../web/src/features/subscription/TrialBanner';
import { createFakeApi, type FakeApi } from './support/fake-api';
import { givenAccounts, renderUploadPage } from './support/upload-page';

/** Trial banners, the sidebar panel, loading the info, upgrading and the checkout return pages (spec 1 §2-§4, §8). */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const auth: AuthContextValue = {
    status: 'signedIn',
    user: { userId: 'user-1', email: 'ada@example.co.uk' },
    signOut: vi.fn(async () => undefined),
    linkSignIn: { state: 'none' },
  };
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>{ui}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(navigation, 'assign').mockImplementation((url: string) => assign(url));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('spec 1 §4 trial banners (top right)', () => {
  it.each([
    [
      { trial_days_remaining: 2, show_3_day_warning: true },
      '3 Days Left in Your Free Trial',
      'Upgrade Now',
      'Remind me later',
    ],
    [
      { trial_days_remaining: 0, show_1_day_warning: true },
      'Final Day of Your Free Trial',
      'Upgrade Now - 9.99/mo',
      "I'll decide later",
    ],
    [
      { status: 'expired' as const, trial_days_remaining: 0, has_access: false, show_expired_notice: true },
      'Thanks for Trying...',
      'Upgrade to Continue',
      'Maybe later',
    ],
  ])('%o shows %s with its two buttons', async (info, title, primary, secondary) => {
    api.setSubscription(info);
    renderWith(<TrialBanner />);
    const banner = (await screen.findByText(title)).closest('aside') as HTMLElement;
    expect(within(banner).getByRole('button', { name: primary })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: secondary })).toBeTruthy();
  });

  it('shows the 3-day warning before the 1-day warning and the expired notice', async () => {
    api.setSubscription({ show_3_day_warning: true, show_1_day_warning: true, show_expired_notice: true });
    renderWith(<TrialBanner />);
    expect(await screen.findByText('3 Days Left in Your Free Trial')).toBeTruthy();
    expect(screen.queryByText('Final Day of Your Free Trial')).toBeNull();
  });

  it('dismissing hides it at once and reports the key to the server', async () => {
    const user = userEvent.setup();
    api.setSubscription({ trial_days_remaining: 2, show_3_day_warning: true });
    renderWith(<TrialBanner />);
    await user.click(await screen.findByRole('button', { name: 'Remind me later' }));
    expect(screen.queryByText('3 Days Left in Your Free Trial')).toBeNull();
    await waitFor(() => expect(api.dismissedBanners).toEqual(['3_day_warning']));
    const call = api.calls.find((c) => c.path === '/api/subscription/notifications');
    expect(call?.body).toEqual({ notification_type: '3_day_warning' });
  });

  it.each([{ is_team_member: true }, { is_early_adopter: true }])('is hidden for %o', async (flag) => {
    api.setSubscription({ show_3_day_warning: true, ...flag });
    renderWith(
      <>
        <TrialBanner />
        <SubscriptionPanel />
      </>,
    );
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/subscription')).toBe(true));
    await act(async () => undefined);
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('Upgrade creates a checkout session, then sends the browser to its page', async () => {
    const user = userEvent.setup();
    api.setSubscription({ trial_days_remaining: 0, show_1_day_warning: true });
    renderWith(<TrialBanner />);
    await user.click(await screen.findByRole('button', { name: 'Upgrade Now - 9.99/mo' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/local/stripe/checkout/cs_test_1'),
    );
    expect(api.calls.find((c) => c.path === '/api/subscription/checkout')?.body).toEqual({
      plan: 'pro_monthly',
    });
  });

  it.each([
    [500, 'Something went wrong. Please try again.', 'Failed to start upgrade process. Please try again.'],
    [503, 'Stripe not configured', 'Stripe not configured'],
    [502, 'Failed to create checkout session', 'Failed to create checkout session'],
  ])('an upgrade failing with %i shows %s → %s', async (status, message, shown) => {
    const user = userEvent.setup();
    api.setSubscription({ trial_days_remaining: 2, show_3_day_warning: true });
    api.fail('POST /api/subscription/checkout', status, { error: { code: 'x', message } });
    renderWith(<TrialBanner />);
    await user.click(await screen.findByRole('button', { name: 'Upgrade Now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('spec 1 §2 sidebar subscription panel', () => {
  it('on trial: days left, a progress bar and the 4-7 day message', async () => {
    api.setSubscription({ trial_days_remaining: 5 });
    renderWith(<SubscriptionPanel />);
    expect(await screen.findByText('5 days left')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Free trial left' });
    expect(bar.getAttribute('aria-valuetext')).toBe('5 days left');
    expect(screen.getByText('You can upgrade to Pro anytime to keep full access')).toBeTruthy();
    expect(screen.getByText('5 days left').className).toContain('trial-days-yellow');
  });

  it('urgent at 3 days or fewer, with the minimum 5% fill on the last day', async () => {
    api.setSubscription({ trial_days_remaining: 0 });
    renderWith(<SubscriptionPanel />);
    expect(await screen.findByText('Last day')).toBeTruthy();
    expect(screen.getByRole('region').className).toContain('subscription-panel-urgent');
    const fill = screen.getByRole('progressbar').firstElementChild as HTMLElement;
    expect(fill.style.width).toBe('5%');
  });

  it("expired: 'Trial Expired' with an upgrade prompt", async () => {
    api.setSubscription({ status: 'expired', trial_days_remaining: 0, has_access: false });
    renderWith(<SubscriptionPanel />);
    expect(await screen.findByRole('heading', { name: 'Trial Expired' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro - 9.99/mo' })).toBeTruthy();
  });

  it("active on Pro: 'Pro Member', and the billing portal", async () => {
    const user = userEvent.setup();
    api.setSubscription({ status: 'active', plan_type: 'pro_monthly', trial_days_remaining: null });
    renderWith(<SubscriptionPanel />);
    expect(await screen.findByRole('heading', { name: 'Pro Member' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/local/stripe/portal/bps_test_1'),
    );
  });
});

describe('spec 1 §4 subscription info loading', () => {
  it("shows 'Loading your account...' while it loads, then the app", async () => {
    renderWith(
      <SubscriptionGate>
        <p>The app</p>
      </SubscriptionGate>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading your account...');
    expect(await screen.findByText('The app')).toBeTruthy();
  });

  it('loads again when the signed-in user changes (an auth change), one load at a time', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ui = (userId: string) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SubscriptionPanel userId={userId} />
          <TrialBanner userId={userId} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const reads = () => api.calls.filter((c) => c.path === '/api/subscription').length;
    const { rerender } = render(ui('user-1'));
    expect(await screen.findByText('13 days left')).toBeTruthy();
    expect(reads()).toBe(1);
    api.setSubscription({ trial_days_remaining: 6 });
    rerender(ui('user-2'));
    expect(await screen.findByText('6 days left')).toBeTruthy();
    expect(reads()).toBe(2);
  });

  it('proceeds without the info after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderWith(
      <SubscriptionGate>
        <p>The app</p>
      </SubscriptionGate>,
    );
    await act(async () => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('The app')).toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByText('The app')).toBeTruthy();
  });

  it('logs a failure, warns when the functions look missing, and shows no banner', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.fail('GET /api/subscription', 500, {
      error: { code: 'x', message: 'function get_subscription_info does not exist' },
    });
    renderWith(
      <SubscriptionGate>
        <p>The app</p>
        <TrialBanner />
      </SubscriptionGate>,
    );
    expect(await screen.findByText('The app')).toBeTruthy();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Error fetching subscription info:',
        'function get_subscription_info does not exist',
      ),
    );
    expect(warn.mock.calls[0]?.[0]).toContain('Subscription functions may not be deployed');
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('the upgrade prompt where uploads need paid access', () => {
  it('File Upload after the trial: the prompt, and no file can be chosen', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday' }]);
    api.setSubscription({ status: 'expired', trial_days_remaining: 0, has_access: false });
    renderUploadPage();
    expect(await screen.findByText('Your free trial has ended')).toBeTruthy();
    expect((screen.getByLabelText('Statements (PDF)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add More Files' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('File Upload on the trial: no prompt, files can be chosen', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday' }]);
    renderUploadPage();
    const input = (await screen.findByLabelText('Statements (PDF)')) as HTMLInputElement;
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/subscription')).toBe(true));
    expect(input.disabled).toBe(false);
    expect(screen.queryByText('Your free trial has ended')).toBeNull();
  });

  it('shows only once the trial has ended without an upgrade', async () => {
    api.setSubscription({ status: 'expired', trial_days_remaining: 0, has_access: false });
    renderWith(<PaidAccessNotice />);
    expect(await screen.findByText('Your free trial has ended')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Continue' })).toBeTruthy();
  });
});

describe('/subscription/success and /subscription/cancelled', () => {
  it('confirms the payment only once the subscription is active', async () => {
    // The webhook arrives after the browser: the first two reads still say trial.
    api.setSubscription({ status: 'active', plan_type: 'pro_monthly', trial_days_remaining: null });
    api.queueSubscription({ status: 'trial' }, { status: 'trial' });
    renderWith(<SubscriptionReturnPage outcome="success" />);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment...' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('welcome to Pro');
    expect(await screen.findByRole('heading', { name: 'Payment received — welcome to Pro' })).toBeTruthy();
  });

  it('says it is still confirming when the webhook is late, and claims nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.setSubscription({ status: 'trial' });
    renderWith(<SubscriptionReturnPage outcome="success" />);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment...' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(await screen.findByRole('heading', { name: 'Still confirming your payment' })).toBeTruthy();
    expect(document.body.textContent).toContain('there is no need to pay again');
    expect(document.body.textContent).not.toContain('welcome to Pro');
  });

  it('cancelled: nothing was charged', () => {
    renderWith(<SubscriptionReturnPage outcome="cancelled" />);
    expect(screen.getByRole('heading', { name: 'Checkout cancelled' })).toBeTruthy();
    expect(document.body.textContent).toContain('Nothing was charged.');
  });
});
