import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from '../../web/src/components/Combobox';

/**
 * The kit's Combobox (React Aria): a labelled WAI-ARIA combobox whose caller filters the suggestions. Typing
 * filters and opens the list with the first match active; arrows move the active option (aria-activedescendant,
 * focus stays in the field); Enter or a click picks; Escape closes; the number of matches is announced.
 */
interface Bank {
  id: string;
  name: string;
}
const BANKS: Bank[] = [
  { id: 'barclays', name: 'Barclays' },
  { id: 'halifax', name: 'Halifax' },
  { id: 'hsbc', name: 'HSBC UK' },
  { id: 'monzo', name: 'Monzo' },
  { id: 'nationwide', name: 'Nationwide Building Society' },
];

function Harness({
  onSelect = () => undefined,
  message,
  withFilter = false,
}: {
  onSelect?: (b: Bank) => void;
  message?: string;
  withFilter?: boolean;
}) {
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Bank | null>(null);
  const items = BANKS.filter((b) => b.name.toLowerCase().includes(query.toLowerCase()));
  return (
    <Combobox<Bank>
      label="Bank"
      listLabel="Banks"
      items={items}
      itemKey={(b) => b.id}
      itemText={(b) => b.name}
      inputValue={picked ? picked.name : query}
      onInputChange={(value) => {
        if (picked && value === picked.name) return;
        setQuery(value);
        setPicked(null);
      }}
      selected={picked}
      onSelect={(bank) => {
        onSelect(bank);
        setPicked(bank);
        setQuery('');
      }}
      message={message}
      emptyMessage="No matches."
      onClear={() => setPicked(null)}
      clearLabel={picked ? `Clear ${picked.name}` : undefined}
    >
      {withFilter && <button type="button">Only fintechs</button>}
    </Combobox>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Bank' });
const shown = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option', { hidden: true })
    .map((o) => o.textContent);
const active = () =>
  document.getElementById(field().getAttribute('aria-activedescendant') ?? '')?.textContent;

describe('Combobox', () => {
  it('is a labelled combobox naming its (hidden) list, closed until used', () => {
    render(<Harness />);
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(field().getAttribute('aria-autocomplete')).toBe('list');
    const list = screen.getByRole('listbox', { hidden: true });
    expect(field().getAttribute('aria-controls')).toBe(list.id);
    expect(list.getAttribute('aria-label')).toBe('Banks');
    expect(list.parentElement?.hidden).toBe(true);
  });

  it('typing filters and opens the list, with the first match active and the count announced', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'h');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(shown()).toEqual(['Halifax', 'HSBC UK']);
    await waitFor(() => expect(active()).toBe('Halifax'));
    expect(document.activeElement).toBe(field());
    // React Aria's live announcer tells screen readers how many options there are.
    await waitFor(() =>
      expect(document.querySelector('[data-live-announcer]')?.textContent).toMatch(/2 options? available/),
    );
  });

  it('arrow keys move the active option; Enter picks it and closes', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await user.type(field(), 'a');
    await waitFor(() => expect(active()).toBe('Barclays'));
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Halifax');
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(active()).toBe('Halifax');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(BANKS[1]);
    expect((field() as HTMLInputElement).value).toBe('Halifax');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('Escape closes the list without picking; Arrow Down opens it again', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await user.type(field(), 'mon');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(onSelect).not.toHaveBeenCalled();
    expect((field() as HTMLInputElement).value).toBe('mon');
    await user.keyboard('{ArrowDown}');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(active()).toBe('Monzo');
  });

  it('picks with a click, and says so when nothing matches', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await user.type(field(), 'nation');
    await user.click(screen.getByRole('option', { name: 'Nationwide Building Society' }));
    expect(onSelect).toHaveBeenCalledWith(BANKS[4]);
    await user.clear(field());
    await user.type(field(), 'zzz');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(shown()).toEqual([]);
    expect(screen.getByText('No matches.')).toBeTruthy();
  });

  it('shows its message (e.g. a failed load) politely', () => {
    render(<Harness message="The bank list could not be loaded." />);
    const note = screen.getByText('The bank list could not be loaded.');
    expect(note.getAttribute('aria-live')).toBe('polite');
  });

  it('clicking the field opens the whole list', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(field());
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(shown()).toHaveLength(BANKS.length);
    await act(async () => field().blur());
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it("keeps the list open while focus is on the combobox's own controls, and closes it when focus leaves", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Harness withFilter />
      </>,
    );
    await user.type(field(), 'h');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    // The filter button stays reachable for screen readers while the list is open.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Only fintechs' }));
    expect(field().getAttribute('aria-expanded')).toBe('true');
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it('Clear drops the pick and puts focus back in the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('button', { name: /^Clear/ })).toBeNull();
    await user.type(field(), 'monzo');
    await user.keyboard('{Enter}');
    expect((field() as HTMLInputElement).value).toBe('Monzo');
    await user.click(screen.getByRole('button', { name: 'Clear Monzo' }));
    expect((field() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: /^Clear/ })).toBeNull();
    expect(document.activeElement).toBe(field());
  });
});
