import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendPublicFeedback } from '../../web/src/features/feedback/api';
import { FeedbackWidget } from '../../web/src/features/feedback/FeedbackWidget';
import { createFakeApi, type FakeApi } from './support/fake-api';

/** The floating feedback widget (spec 1 §2, §4, §5, §8) sending to the public route of the fake API. */
let api: FakeApi;
beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openWidget(send = sendPublicFeedback) {
  const user = userEvent.setup();
  render(<FeedbackWidget send={send} />);
  await user.click(screen.getByRole('button', { name: /Feedback/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Send us feedback' });
  return { user, dialog };
}

describe('feedback widget', () => {
  it('keeps Send Feedback disabled until the message has more than spaces', async () => {
    const { user, dialog } = await openWidget();
    const send = within(dialog).getByRole('button', { name: 'Send Feedback' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Your feedback/), '   ');
    expect(send.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Your feedback/), 'Great');
    expect(send.disabled).toBe(false);
  });

  it('sends the message with the e-mail as null when empty, thanks the visitor and closes after 2 s', async () => {
    const { user, dialog } = await openWidget();
    await user.type(
      within(dialog).getByLabelText(/^Your feedback/),
      '  The transfer matching saved me hours  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Thanks for your feedback!')).toBeTruthy();
    expect(api.feedback).toEqual([
      { message: 'The transfer matching saved me hours', email: null, url: window.location.href },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Feedback/ })),
    );
  });

  it('checks an e-mail when one is given', async () => {
    const { user, dialog } = await openWidget();
    await user.type(within(dialog).getByLabelText(/^Your feedback/), 'Hello');
    await user.type(within(dialog).getByLabelText(/^Email/), 'ada@');
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(api.feedback).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Email/), 'example.co.uk');
    expect(within(dialog).queryByText('Please enter a valid email address')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    await screen.findByText('Thanks for your feedback!');
    expect(api.feedback).toEqual([
      { message: 'Hello', email: 'ada@example.co.uk', url: window.location.href },
    ]);
  });

  it('on failure ends the sending state with no message (the failure is logged only)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.fail('POST /api/feedback', 429);
    const { user, dialog } = await openWidget();
    await user.type(within(dialog).getByLabelText(/^Your feedback/), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    const send = within(dialog).getByRole('button', { name: 'Send Feedback' }) as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    expect(screen.queryByText('Thanks for your feedback!')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect((within(dialog).getByLabelText(/^Your feedback/) as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('Escape closes the form', async () => {
    const { user } = await openWidget();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
