import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../web/src/app/App';
import { createQueryClient } from '../../web/src/app/query-client';
import { setRuntimeConfig } from '../../web/src/auth/runtime-config';

/**
 * The route table (spec 1 §2): public pages, /invite capture, redirects of signed-in visitors, unknown paths.
 * The lazily loaded signed-in part is replaced by markers (it has its own tests).
 */
vi.mock('../../web/src/app/auth-routes', () => ({
  AuthArea: () => <Outlet />,
  Login: () => <p>The login page</p>,
  AppGate: () => <p>The app</p>,
  SubscriptionReturn: ({ outcome }: { outcome: string }) => <p>Checkout {outcome}</p>,
  InvitationArea: () => <p>The invitation screen</p>,
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const where = () => screen.getByTestId('where').textContent;
const signedIn = () =>
  localStorage.setItem('CognitoIdentityServiceProvider.client.user-1.LastAuthUser', 'user-1');

beforeEach(() => localStorage.clear());
// The signed-in part renders once /config.json has been read (main.tsx reads it at start).
setRuntimeConfig({ userPoolId: 'eu-west-2_x', userPoolClientId: 'client', apiBaseUrl: '/api' });

describe('spec 1 §2 route table', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy', 'until you delete your account, and then for 30 days'],
    ['/terms-of-service', 'Terms of Service', 'limited to £100'],
  ])('serves %s publicly with a back-to-home link', (path, title, text) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(document.body.textContent).toContain(text);
    expect(screen.getAllByRole('link', { name: '← Back to home' })[0]?.getAttribute('href')).toBe('/');
    expect(where()).toBe(path);
  });

  it.each([
    ['/subscription/success', 'Checkout success'],
    ['/subscription/cancelled', 'Checkout cancelled'],
  ])('routes the checkout return %s to its page', async (path, marker) => {
    renderAt(path);
    expect(await screen.findByText(marker)).toBeTruthy();
  });

  it('serves the landing page at / to visitors', () => {
    localStorage.setItem('abTest_headline', 'control'); // the headline is A/B tested; control is the tagline
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('See Your Money From All Angles');
  });

  it('sends a signed-in visitor from / to /app', async () => {
    signedIn();
    renderAt('/');
    expect(await screen.findByText('The app')).toBeTruthy();
    expect(where()).toBe('/app');
  });

  it('serves /login and /app/* through the signed-in part', async () => {
    renderAt('/login');
    expect(await screen.findByText('The login page')).toBeTruthy();
  });

  it.each(['/app', '/app/setup/upload', '/app/anything/else'])(
    'serves %s through the app gate',
    async (path) => {
      renderAt(path);
      expect(await screen.findByText('The app')).toBeTruthy();
      expect(where()).toBe(path);
    },
  );

  it.each(['/nowhere', '/privacy', '/apps', '/login/extra'])('sends the unknown path %s to /', (path) => {
    renderAt(path);
    expect(where()).toBe('/');
  });

  it('keeps the invitation token as pendingInviteToken and goes to /', () => {
    renderAt('/invite?token=abc123');
    expect(localStorage.getItem('pendingInviteToken')).toBe('abc123');
    expect(where()).toBe('/');
  });

  it('serves a signed-in visitor the invitation screen at /invite (any path under it)', async () => {
    signedIn();
    renderAt('/invite/anything?token=abc123');
    expect(await screen.findByText('The invitation screen')).toBeTruthy();
    expect(localStorage.getItem('pendingInviteToken')).toBeNull();
  });

  it('goes to / from /invite without a token, storing nothing', () => {
    renderAt('/invite');
    expect(localStorage.getItem('pendingInviteToken')).toBeNull();
    expect(where()).toBe('/');
  });
});
