import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Institution } from '../../functions/contracts/institutions';
import { InstitutionPicker } from '../../web/src/features/onboarding/InstitutionPicker';
import { createFakeApi } from './support/fake-api';

vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let picked: Institution | null;

function Harness() {
  const [selected, setSelected] = useState<Institution | null>(null);
  return (
    <InstitutionPicker
      label="Bank or provider"
      selected={selected ? { id: selected.id, name: selected.display_name } : null}
      onSelect={(i) => {
        picked = i;
        setSelected(i);
      }}
    />
  );
}

function renderPicker() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

const optionNames = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option', { hidden: true })
    .map((o) => o.querySelector('.option-name')?.textContent);

beforeEach(() => {
  picked = null;
  vi.stubGlobal('fetch', vi.fn(createFakeApi().fetch));
});
afterEach(() => vi.unstubAllGlobals());

describe('institution picker (ARIA combobox)', () => {
  it('is a labelled combobox whose listbox opens as you type', async () => {
    const user = userEvent.setup();
    renderPicker();
    const combobox = screen.getByRole('combobox', { name: 'Bank or provider' });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { hidden: true }).id);
    await user.type(combobox, 'nationwide');
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(optionNames()).toEqual(['Nationwide Building Society']));
  });

  it('searches name, display name and description case-insensitively', async () => {
    const user = userEvent.setup();
    renderPicker();
    const combobox = screen.getByRole('combobox', { name: 'Bank or provider' });
    await user.type(combobox, 'ABBEY'); // description of Santander UK
    await waitFor(() => expect(optionNames()).toEqual(['Santander UK']));
    await user.clear(combobox);
    await user.type(combobox, 'personal finance plc'); // legal name of Tesco Bank
    await waitFor(() => expect(optionNames()).toEqual(['Tesco Bank']));
  });

  it('filters by the bank, fintech and building society chips', async () => {
    const user = userEvent.setup();
    renderPicker();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Bank',
      'Fintech',
      'Building society',
    ]);
    await user.click(screen.getByRole('button', { name: 'Building society' }));
    expect(screen.getByRole('button', { name: 'Building society' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('combobox'));
    await waitFor(() => expect(optionNames().length).toBeGreaterThan(5));
    expect(optionNames().every((n) => /Building Society/.test(n ?? ''))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Fintech' }));
    await waitFor(() => expect(optionNames()).toContain('Monzo'));
    expect(optionNames()).not.toContain('Barclays');
  });

  it("shows 3 services then '+N more'", async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(screen.getByRole('combobox'), 'barclays');
    const option = await screen.findByRole('option', { name: /^Barclays Bank/ });
    expect(option.querySelector('.option-services')?.textContent).toBe(
      'Current Accounts · Savings Accounts · Mortgages +7 more',
    );
  });

  it('is keyboard operable: arrows move the active option, Enter picks it, Escape closes', async () => {
    const user = userEvent.setup();
    renderPicker();
    const combobox = screen.getByRole('combobox');
    await user.type(combobox, 'bank of scotland'); // Halifax is "a division of Bank of Scotland plc"
    await waitFor(() =>
      expect(optionNames()).toEqual(['Bank of Scotland', 'Halifax', 'Royal Bank of Scotland']),
    );
    await user.keyboard('{ArrowDown}');
    const active = combobox.getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')?.textContent).toContain('Halifax');
    await user.keyboard('{Enter}');
    expect(picked?.id).toBe('halifax');
    expect((combobox as HTMLInputElement).value).toBe('Halifax');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with the mouse, and typing again or Clear drops the choice', async () => {
    const user = userEvent.setup();
    renderPicker();
    const combobox = screen.getByRole('combobox');
    await user.type(combobox, 'kroo');
    await user.click(await screen.findByRole('option', { name: /^Kroo/ }));
    expect(picked?.id).toBe('kroo');
    expect((combobox as HTMLInputElement).value).toBe('Kroo');
    await user.type(combobox, 'x');
    expect(picked).toBeNull();
    await user.clear(combobox);
    await user.type(combobox, 'kroo');
    await user.click(await screen.findByRole('option', { name: /^Kroo/ }));
    expect(picked?.id).toBe('kroo');
    await user.click(screen.getByRole('button', { name: 'Clear Kroo' }));
    expect(picked).toBeNull();
    expect((combobox as HTMLInputElement).value).toBe('');
  });

  it('says so when nothing matches, pointing to the manual bank name', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(screen.getByRole('combobox'), 'zzzz-no-bank');
    await waitFor(() =>
      expect(screen.getByText('No matches. Enter the bank name below instead.')).toBeTruthy(),
    );
  });
});
