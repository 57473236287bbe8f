import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markFirstContentPainted, resetFirstContentPainted } from '../../web/src/app/after-paint';
import { FamilySwitcher } from '../../web/src/features/members/FamilySwitcher';
import { createFakeApi, type FakeApi } from './support/fake-api';

/** The header's family switcher (beyond the spec): only for someone in more than one family; confirmed. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  resetFirstContentPainted();
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
/** The switcher as the header has it once the page's first content has been painted (`painted`). */
function renderSwitcher({ painted = true }: { painted?: boolean } = {}) {
  if (painted) markFirstContentPainted();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/app/members']}>
        <Routes>
          <Route path="/app/*" element={<FamilySwitcher />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const OWN = '01JD8Z0000000000000000FAMB';
const JOINED = '01JD8Z0000000000000000FAMA';

describe('family switcher', () => {
  it("asks for the family list only once the page's first content has been painted", async () => {
    api.members.families.push(
      { family_id: OWN, family_name: 'Bob Household', role: 'admin', owned: true, current: false },
      { family_id: JOINED, family_name: 'Lovelace', role: 'member', owned: false, current: true },
    );
    renderSwitcher({ painted: false });
    await screen.findByTestId('where');
    expect(api.calls.some((c) => c.path === '/api/families')).toBe(false);
    act(() => markFirstContentPainted());
    await screen.findByRole('button', { name: 'Family: Lovelace. Switch family' });
  });

  it('is not shown to someone in one family', async () => {
    api.members.families.push({
      family_id: JOINED,
      family_name: 'Lovelace',
      role: 'member',
      owned: false,
      current: true,
    });
    renderSwitcher();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/families')).toBe(true));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('switches to another of their families only after confirming', async () => {
    api.members.families.push(
      { family_id: OWN, family_name: 'Bob Household', role: 'admin', owned: true, current: false },
      { family_id: JOINED, family_name: 'Lovelace', role: 'member', owned: false, current: true },
    );
    const user = userEvent.setup();
    renderSwitcher();
    const button = await screen.findByRole('button', { name: 'Family: Lovelace. Switch family' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Switch to Bob Household' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Lovelace stays as it is');
    expect(api.calls.some((c) => c.path === '/api/families/current')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Switch family' }));
    await waitFor(() => expect(localStorage.getItem('currentFamilyId')).toBe(OWN));
    expect(api.calls.find((c) => c.path === '/api/families/current')?.body).toEqual({ family_id: OWN });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app'));
    expect(await screen.findByRole('button', { name: 'Family: Bob Household. Switch family' })).toBeTruthy();
  });
});
