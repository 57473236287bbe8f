import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../web/src/components/ConfirmDialog';
import { Dialog, DialogClose } from '../../web/src/components/Dialog';
import { Menu } from '../../web/src/components/Menu';
import { Tabs } from '../../web/src/components/Tabs';

/**
 * The kit's Radix-based parts, as keyboard and screen-reader users meet them: a dialog is named by its title,
 * keeps focus inside while open, closes on Escape and gives focus back; a confirmation asks first and acts
 * only on its confirm button; tabs move with the arrow keys; a menu opens from the keyboard and runs items.
 */
describe('Dialog', () => {
  function renderDialog() {
    return render(
      <>
        <button type="button">Before</button>
        <Dialog
          title="Statement details"
          description="Barclays current account"
          trigger={
            <button type="button" className="button">
              Open details
            </button>
          }
          footer={<DialogClose>Done</DialogClose>}
        >
          <label>
            Note <input />
          </label>
        </Dialog>
      </>,
    );
  }

  it('is named and described, takes focus and keeps it inside while open', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement details' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Barclays current account').id);
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and on its close buttons, giving focus back to what opened it', async () => {
    const user = userEvent.setup();
    renderDialog();
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('ConfirmDialog', () => {
  function renderConfirm(onConfirm: () => void | Promise<void>) {
    return render(
      <ConfirmDialog
        title="Delete this statement?"
        description="Its transactions are removed. This cannot be undone."
        confirmLabel="Delete statement"
        tone="danger"
        onConfirm={onConfirm}
        trigger={
          <button type="button" className="button">
            Delete…
          </button>
        }
      />,
    );
  }

  it('asks as an alert dialog with Cancel focused first; Cancel and Escape do nothing', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderConfirm(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this statement?' });
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('Its transactions are removed. This cannot be undone.').id,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('acts on confirm and closes; stays open with the reason when the action fails', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('The statement could not be deleted.'));
    renderConfirm(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(await screen.findByRole('button', { name: 'Delete statement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The statement could not be deleted.');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete statement' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});

describe('Tabs', () => {
  it('is a named tab list: arrow keys move between tabs and show their panels', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Account views"
        tabs={[
          { id: 'summary', label: 'Summary', content: <p>Summary panel</p> },
          { id: 'transactions', label: 'Transactions', content: <p>Transactions panel</p> },
          { id: 'settings', label: 'Settings', content: <p>Settings panel</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tablist', { name: 'Account views' })).toBeTruthy();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Summary').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Summary' }).textContent).toBe('Summary panel');
    await user.tab();
    expect(document.activeElement).toBe(tab('Summary'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Transactions'));
    expect(tab('Transactions').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Transactions' }).textContent).toBe('Transactions panel');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(tab('Summary')); // wraps round
    await user.keyboard('{ArrowLeft}');
    expect(tab('Settings').getAttribute('aria-selected')).toBe('true');
    // One tab stop: Tab leaves the tab list.
    await user.tab();
    expect(screen.getByRole('tablist').contains(document.activeElement)).toBe(false);
  });
});

describe('Menu', () => {
  it('opens from the keyboard, moves with arrows, runs an item and gives focus back', async () => {
    const user = userEvent.setup();
    const rename = vi.fn();
    const archive = vi.fn();
    render(
      <Menu
        label="Actions"
        buttonLabel="Actions for Barclays"
        items={[
          { label: 'Rename', onSelect: rename },
          { label: 'Merge', onSelect: () => undefined, disabled: true },
          { label: 'Archive account', onSelect: archive, tone: 'danger' },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Actions for Barclays' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Rename', 'Merge', 'Archive account']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Rename'));
    await user.keyboard('{ArrowDown}'); // the disabled item is skipped
    expect(document.activeElement?.textContent).toBe('Archive account');
    await user.keyboard('{Enter}');
    expect(archive).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(button);

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Rename'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(rename).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });
});
