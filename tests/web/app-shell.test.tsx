import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppGate } from '../../web/src/app/AppGate';
import { AppShell } from '../../web/src/app/AppShell';
import type { AppPage } from '../../web/src/app/pages';
import { AuthContext, type AuthContextValue } from '../../web/src/auth/auth-context';
import { createFakeApi, type FakeApi } from './support/fake-api';

/** /app's decision order and the app shell (spec 1 §2), with the real API client over a fake API. */
const onboarding = vi.hoisted(() => ({ status: 'complete' as 'loading' | 'complete' | 'incomplete' }));
vi.mock('../../web/src/features/onboarding/useOnboardingStatus', () => ({
  useOnboardingStatus: () => ({ status: onboarding.status }),
}));
vi.mock('../../web/src/features/onboarding/Onboarding', () => ({
  Onboarding: () => <p>The onboarding flow</p>,
}));
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
let profile: Record<string, string | null> | null = null;
let family: unknown = null;
const ADA = { userId: 'user-1', email: 'ada.lovelace@example.co.uk' };
const BLANK_PROFILE = Object.fromEntries(
  ['first_name', 'last_name', 'display_name', 'phone', 'address_line_1', 'address_line_2', 'city', 'postcode']
    .concat(['country', 'date_of_birth', 'timezone', 'currency', 'updated_at'])
    .map((k) => [k, null]),
);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, ui: ReactNode, auth: Partial<AuthContextValue> = {}) {
  const value: AuthContextValue = {
    status: 'signedIn',
    user: ADA,
    signOut: vi.fn(async () => undefined),
    linkSignIn: { state: 'none' },
    ...auth,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={value}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>The landing page</p>} />
            <Route path="/login" element={<p>The login page</p>} />
            <Route path="/app/*" element={ui} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return value;
}

beforeEach(() => {
  localStorage.clear();
  onboarding.status = 'complete';
  profile = null;
  family = null;
  api = createFakeApi();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const get = (init?.method ?? 'GET') === 'GET';
      if (get && url.endsWith('/api/profile'))
        return json(profile && { ...BLANK_PROFILE, user_id: ADA.userId, ...profile });
      if (get && url.endsWith('/api/family'))
        return family ? json(family) : json({ error: { code: 'not_found', message: 'No family' } }, 404);
      return api.fetch(input, init);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('spec 1 §2 /app decision order', () => {
  it("1. a sign-in from a link in progress, no user yet: 'Processing your login...'", () => {
    renderAt('/app', <AppGate />, { status: 'loading', user: null, linkSignIn: { state: 'processing' } });
    expect(screen.getByRole('status').textContent).toBe('Processing your login...');
  });

  it('1b. a refused link: what went wrong and the way back to /login', async () => {
    const user = userEvent.setup();
    renderAt('/app', <AppGate />, {
      status: 'signedOut',
      user: null,
      linkSignIn: { state: 'failed', message: 'This sign-in link has expired or has already been used.' },
    });
    expect(screen.getByRole('heading', { name: "We couldn't sign you in" })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This sign-in link has expired or has already been used.',
    );
    await user.click(screen.getByRole('link', { name: 'Send a new sign-in link' }));
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('2. no user: to /', () => {
    renderAt('/app/anything', <AppGate />, { status: 'signedOut', user: null });
    expect(screen.getByText('The landing page')).toBeTruthy();
  });

  it("3. auth or onboarding status loading: 'Loading Family Finance...'", () => {
    renderAt('/app', <AppGate />, { status: 'loading', user: null });
    expect(screen.getByRole('status').textContent).toBe('Loading Family Finance...');
    onboarding.status = 'loading';
    renderAt('/app', <AppGate />);
    expect(screen.getAllByRole('status').at(-1)?.textContent).toBe('Loading Family Finance...');
  });

  it('4. onboarding not completed: the onboarding flow (its own chunk, loaded when needed)', async () => {
    onboarding.status = 'incomplete';
    renderAt('/app', <AppGate />);
    expect(await screen.findByText('The onboarding flow')).toBeTruthy();
  });

  it('5. onboarding completed: the app shell with the Family Overview', async () => {
    renderAt('/app', <AppGate />);
    expect(await screen.findByRole('heading', { name: 'Family Overview', level: 1 })).toBeTruthy();
    expect(await screen.findByText('You have no accounts yet.')).toBeTruthy();
  });
});

describe('spec 1 §2 app shell', () => {
  const page = (path: string, label: string, group: AppPage['group']): AppPage => ({
    path,
    label,
    group,
    element: <h1>{label} page</h1>,
  });

  it("shows only pages that exist: 'Family Overview' alone, no empty 'Setup & Tools' group", () => {
    renderAt('/app', <AppShell user={ADA} pages={[]} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Family Overview']);
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Dashboards']);
    expect(within(nav).getByRole('link', { name: 'Family Overview' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('lists registered pages in their groups, routes to them, and sends unknown /app paths to /app', async () => {
    const user = userEvent.setup();
    const pages = [
      page('setup/upload', 'File Upload', 'Setup & Tools'),
      page('analytics', 'Analytics', 'Dashboards'),
    ];
    renderAt('/app/nowhere', <AppShell user={ADA} pages={pages} />);
    expect(screen.getByTestId('where').textContent).toBe('/app');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Dashboards', 'Setup & Tools']);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/app', '/app/analytics', '/app/setup/upload']);
    await user.click(within(nav).getByRole('link', { name: 'File Upload' }));
    expect(screen.getByRole('heading', { name: 'File Upload page' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'File Upload' }).getAttribute('aria-current')).toBe('page');
  });

  it("registers the built pages: 'File Upload' under 'Setup & Tools', with its next step on the overview", async () => {
    const user = userEvent.setup();
    renderAt('/app', <AppShell user={ADA} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Dashboards', 'Setup & Tools']);
    const main = screen.getByRole('main');
    await user.click(await within(main).findByRole('link', { name: 'Upload a bank statement' }));
    // the pages are lazily loaded: the navigation completes once the page's chunk is in
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app/setup/upload'));
    expect(await screen.findByRole('heading', { name: 'File Upload', level: 1 })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'File Upload' }).getAttribute('aria-current')).toBe('page');
  });

  it.each([
    [{ display_name: 'Ada L.', first_name: 'Ada', last_name: 'Lovelace' }, 'Ada L.'],
    [{ display_name: null, first_name: 'Ada', last_name: 'Lovelace' }, 'Ada Lovelace'],
    [null, 'ada.lovelace'],
  ])('shows the display-name chain in the header (%o → %s)', async (stored, expected) => {
    profile = stored;
    renderAt('/app', <AppShell user={ADA} pages={[]} />);
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(within(banner).getByText(expected).className).toBe('header-user'));
  });

  it("falls back to 'User' without a profile or e-mail, and links the name to /app/profile once it exists", async () => {
    renderAt(
      '/app',
      <AppShell user={{ userId: 'u', email: '' }} pages={[page('profile', 'Profile', 'Dashboards')]} />,
    );
    const link = await screen.findByRole('link', { name: 'User' });
    expect(link.getAttribute('href')).toBe('/app/profile');
  });

  it('collapses and expands the sidebar with a labelled toggle', async () => {
    const user = userEvent.setup();
    renderAt('/app', <AppShell user={ADA} pages={[]} />);
    const toggle = screen.getByRole('button', { name: 'Hide navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(sidebar?.hidden).toBe(false);
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show navigation' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(sidebar?.hidden).toBe(true);
  });

  it('opens the navigation drawer as a labelled dialog that closes on Escape and on choosing a page', async () => {
    const user = userEvent.setup();
    renderAt('/app', <AppShell user={ADA} pages={[page('analytics', 'Analytics', 'Dashboards')]} />);
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await user.click(menu);
    // The drawer's code loads on first opening: wait for it.
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getAttribute('aria-controls')).toBe(drawer.id);
    expect(within(drawer).getByRole('link', { name: 'Analytics' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the menu button, as a dialog's should.
    await waitFor(() => expect(document.activeElement).toBe(menu));
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Analytics' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/app/analytics');
  });

  it("signs out to '/'; the page reloads if signing out fails", async () => {
    const user = userEvent.setup();
    const auth = renderAt('/app', <AppShell user={ADA} pages={[]} />);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(auth.signOut).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it('reloads the page when sign-out throws', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ reload } as never);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/app', <AppShell user={ADA} pages={[]} />, {
      signOut: vi.fn(async () => Promise.reject(new Error('offline'))),
    });
    await act(async () => screen.getByRole('button', { name: 'Sign Out' }).click());
    expect(reload).toHaveBeenCalled();
  });
});

describe("the header's account menu (a phone's header: name, profile, feedback and Sign Out)", () => {
  const profilePage: AppPage = {
    path: 'profile',
    label: 'Profile',
    group: 'Dashboards',
    element: <h1>Profile</h1>,
  };
  it('names the button after the person, shows their initials, and opens their full name and e-mail', async () => {
    const user = userEvent.setup();
    profile = { display_name: null, first_name: 'Alexandra', last_name: 'Montgomery-Fairweather' };
    renderAt('/app', <AppShell user={ADA} pages={[profilePage]} />);
    // The menu's code loads after the shell: its button then says whether it is open.
    const button = await screen.findByRole('button', {
      name: 'Account menu: Alexandra Montgomery-Fairweather',
      expanded: false,
    });
    expect(button.querySelector('[aria-hidden="true"]')?.textContent).toBe('AM');
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Alexandra Montgomery-Fairweather')).toBeTruthy();
    expect(within(menu).getByText(ADA.email)).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Your profile', 'Send feedback', 'Sign Out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Your profile' }));
    expect(screen.getByTestId('where').textContent).toBe('/app/profile');
  });

  it('leaves out the profile while the app has no profile page', async () => {
    const user = userEvent.setup();
    renderAt('/app', <AppShell user={ADA} pages={[]} />);
    await user.click(
      await screen.findByRole('button', { name: 'Account menu: ada.lovelace', expanded: false }),
    );
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Send feedback', 'Sign Out']);
  });

  it('opens the feedback form from Send feedback and sends it as the signed-in member', async () => {
    const user = userEvent.setup();
    renderAt('/app', <AppShell user={ADA} pages={[]} />);
    await user.click(
      await screen.findByRole('button', { name: 'Account menu: ada.lovelace', expanded: false }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Send feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send us feedback' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Your feedback/ }),
      'The phone header is tidy',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    await within(dialog).findByText('Thanks for your feedback!');
    expect(api.feedback).toEqual([expect.objectContaining({ message: 'The phone header is tidy' })]);
  });

  it('gives focus back to the account menu button when the feedback form it opened closes', async () => {
    const user = userEvent.setup();
    renderAt('/app', <AppShell user={ADA} pages={[]} />);
    const button = await screen.findByRole('button', { name: 'Account menu: ada.lovelace', expanded: false });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Send feedback' }));
    await screen.findByRole('dialog', { name: 'Send us feedback' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it("signs out to '/' from the menu", async () => {
    const user = userEvent.setup();
    const auth = renderAt('/app', <AppShell user={ADA} pages={[]} />);
    await user.click(
      await screen.findByRole('button', { name: 'Account menu: ada.lovelace', expanded: false }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(auth.signOut).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });
});

describe('spec 1 §2 /app index: Family Overview', () => {
  it("shows the family, a welcome with the user's name, and the family's accounts", async () => {
    profile = { display_name: null, first_name: 'Ada', last_name: 'Lovelace' };
    const created = await api.fetch('/api/family', {
      method: 'POST',
      body: JSON.stringify({ name: 'The Lovelaces' }),
    });
    family = ((await created.json()) as { family: unknown }).family;
    await api.fetch('/api/accounts', {
      method: 'POST',
      body: JSON.stringify({
        accounts: [{ bank_name: 'Monzo', name: 'Joint account', account_type: 'current' }],
      }),
    });
    renderAt('/app', <AppShell user={ADA} pages={[]} />);
    const main = screen.getByRole('main');
    expect(await within(main).findByText('The Lovelaces')).toBeTruthy();
    expect(await within(main).findByText('Welcome, Ada Lovelace.')).toBeTruthy();
    expect(await within(main).findByText('Joint account')).toBeTruthy();
    expect(within(main).getByText('Monzo · Current account')).toBeTruthy();
    expect(within(main).queryByRole('heading', { name: 'What to do next' })).toBeNull();
  });

  it('offers next steps only for pages that exist', async () => {
    const upload: AppPage = {
      path: 'setup/upload',
      label: 'File Upload',
      group: 'Setup & Tools',
      element: <p>upload</p>,
      nextStep: { title: 'Upload a bank statement', description: 'PDF statements from your bank.', order: 1 },
    };
    renderAt('/app', <AppShell user={ADA} pages={[upload]} />);
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: 'What to do next' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Upload a bank statement' }).getAttribute('href')).toBe(
      '/app/setup/upload',
    );
  });

  it('says when the accounts could not be loaded, with a retry', async () => {
    api.fail('GET /api/accounts', 500);
    renderAt('/app', <AppShell user={ADA} pages={[]} />);
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load your accounts.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the UI kit pages under /app/dev', () => {
  it('loads /app/dev/ds-demo and /app/dev/migration-comparison by address, with no sidebar entry', async () => {
    renderAt('/app/dev/ds-demo', <AppShell user={ADA} pages={[]} />);
    expect(await screen.findByRole('heading', { name: 'UI kit', level: 1 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Family Overview']);
    expect(screen.getByTestId('where').textContent).toBe('/app/dev/ds-demo');
  });

  it('shows the migration comparison', async () => {
    renderAt('/app/dev/migration-comparison', <AppShell user={ADA} pages={[]} />);
    expect(await screen.findByRole('heading', { name: 'Migration comparison', level: 1 })).toBeTruthy();
  });
});
