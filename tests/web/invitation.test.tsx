import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_MESSAGES } from '../../functions/domain/members';
import { AppGate } from '../../web/src/app/AppGate';
import { AuthContext, type AuthContextValue } from '../../web/src/auth/auth-context';
import { clearSignedInFlags, PENDING_INVITE_KEY } from '../../web/src/auth/local-state';
import { Landing } from '../../web/src/features/landing/Landing';
import { InvitationScreen } from '../../web/src/features/members/InvitationScreen';
import { createFakeApi, type FakeApi } from './support/fake-api';

/**
 * The invitation screen (spec 1 §2 Invitation screen, §4 Invitation, §8 invitation errors, §9 the 2 s
 * redirect) with the real API client over the fake API, and the signed-out path: the token kept for after
 * sign-in, brought back by /app, forgotten at sign-out.
 */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));
vi.mock('../../web/src/features/onboarding/useOnboardingStatus', () => ({
  useOnboardingStatus: () => ({ status: 'complete' }),
}));
vi.mock('../../web/src/app/AppShell', () => ({ AppShell: () => <p>The app shell</p> }));

let api: FakeApi;
const BOB = { userId: 'user-2', email: 'bob@example.com' };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}
const where = () => screen.getByTestId('where').textContent;

function renderAt(path: string, auth: Partial<AuthContextValue> = {}) {
  const value: AuthContextValue = {
    status: 'signedIn',
    user: BOB,
    signOut: vi.fn(async () => undefined),
    linkSignIn: { state: 'none' },
    ...auth,
  };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={value}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>The landing page</p>} />
            <Route path="/invite/*" element={<InvitationScreen />} />
            <Route path="/app/*" element={<AppGate />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('spec 1 §4 Invitation: signed out', () => {
  it('keeps the token as pendingInviteToken and goes to /', async () => {
    renderAt('/invite?token=tok-1', { status: 'signedOut', user: null });
    expect(await screen.findByText('The landing page')).toBeTruthy();
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBe('tok-1');
  });

  it('the landing page tells them to sign in to accept it', async () => {
    localStorage.setItem(PENDING_INVITE_KEY, 'tok-1');
    render(
      <MemoryRouter>
        <Landing />
      </MemoryRouter>,
    );
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain("You've been invited to join a family");
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]?.getAttribute('href')).toBe('/login');
  });

  it('after signing in, /app brings the invitee back to the invitation instead of dropping it', async () => {
    localStorage.setItem(PENDING_INVITE_KEY, 'tok-1');
    api.members.invitation('tok-1');
    renderAt('/app');
    expect(await screen.findByRole('button', { name: 'Accept Invitation' })).toBeTruthy();
    expect(where()).toBe('/invite?token=tok-1');
    // The token is in the address now; nothing is kept that would bring them back again.
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it('sign-out forgets a kept invitation (the next person to sign in here is not offered it)', () => {
    localStorage.setItem(PENDING_INVITE_KEY, 'tok-1');
    localStorage.setItem('currentFamilyId', 'F1');
    clearSignedInFlags();
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
    expect(localStorage.getItem('currentFamilyId')).toBeNull();
  });
});

describe('spec 1 §2 Invitation screen: signed in', () => {
  it("shows 'Validating invitation...', then the inviter, the family, the user's e-mail, Decline and Accept", async () => {
    api.members.invitation('tok-1', { inviter: 'Ada Lovelace', family_name: 'Lovelace', email: BOB.email });
    renderAt('/invite?token=tok-1');
    expect(screen.getByRole('status').textContent).toContain('Validating invitation...');
    expect(await screen.findByRole('heading', { name: "You're invited to join Lovelace" })).toBeTruthy();
    const facts = document.querySelector('.invitation-facts')?.textContent ?? '';
    expect(facts).toContain('Invited byAda Lovelace');
    expect(facts).toContain('FamilyLovelace');
    expect(facts).toContain(`Your e-mail${BOB.email}`);
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept Invitation' })).toBeTruthy();
  });

  it("accepts: 'Welcome to the Family!', 'Redirecting to dashboard...', currentFamilyId stored, / after 2 s", async () => {
    localStorage.setItem(PENDING_INVITE_KEY, 'tok-1');
    api.members.invitation('tok-1', { family_id: '01JD8Z0000000000000000FAMA' });
    const user = userEvent.setup();
    renderAt('/invite?token=tok-1');
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to the Family!' })).toBeTruthy();
    expect(screen.getByText('Redirecting to dashboard...')).toBeTruthy();
    expect(localStorage.getItem('currentFamilyId')).toBe('01JD8Z0000000000000000FAMA');
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
    expect(api.members.accepted).toEqual(['tok-1']);
    const shownAt = Date.now();
    await waitFor(() => expect(where()).toBe('/'), { timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900);
  });

  it('declines: the invitation is declined, the kept token removed, and the user goes to /', async () => {
    api.members.invitation('tok-1');
    const user = userEvent.setup();
    renderAt('/invite?token=tok-1');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(api.members.declined).toEqual(['tok-1']);
    expect(api.members.accepted).toEqual([]);
  });

  it('tells someone who owns a family with data what accepting means for it', async () => {
    api.members.invitation('tok-1', {
      current_family: { name: 'Bob Household', owned: true, has_data: true },
    });
    renderAt('/invite?token=tok-1');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Accepting makes Lovelace the family you see.');
    expect(note.textContent).toContain('Bob Household and everything in it are kept');
  });
});

describe('spec 1 §8 invitation errors: all show Invalid Invitation with Go to Dashboard', () => {
  it("no token: 'No invitation token provided'", async () => {
    renderAt('/invite');
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No invitation token provided');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/app');
  });

  it("the server's refusal (expired, another address, not valid) in its own words", async () => {
    api.members.invitation('tok-old', {}, { status: 410, message: MEMBER_MESSAGES.expired });
    renderAt('/invite?token=tok-old');
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MEMBER_MESSAGES.expired);
  });

  it("a check that fails for another reason: 'Failed to validate invitation'", async () => {
    api.fail('POST /api/invitations/check', 503);
    renderAt('/invite?token=tok-1');
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Failed to validate invitation');
  });

  it("an acceptance refused: the server's message", async () => {
    api.members.invitation('tok-1');
    api.fail('POST /api/invitations/accept', 409, {
      error: { code: 'conflict', message: MEMBER_MESSAGES.used },
    });
    const user = userEvent.setup();
    renderAt('/invite?token=tok-1');
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MEMBER_MESSAGES.used);
  });
});
