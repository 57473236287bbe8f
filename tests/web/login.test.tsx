import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../web/src/auth/auth-context';
import { Login } from '../../web/src/features/login/Login';

/** The login screen (spec 1 §2 login screen, §4 login, §5 e-mail validation, §8 login errors, §9 30 s resend). */
vi.mock('../../web/src/auth/magic-link', () => ({ requestMagicLink: vi.fn() }));

function renderLogin(send: (email: string) => Promise<void>, auth: Partial<AuthContextValue> = {}) {
  const value: AuthContextValue = {
    status: 'signedOut',
    user: null,
    signOut: async () => undefined,
    linkSignIn: { state: 'none' },
    ...auth,
  };
  const wrap = (ui: ReactNode) => <AuthContext.Provider value={value}>{ui}</AuthContext.Provider>;
  return render(
    wrap(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<Login send={send} />} />
          <Route path="/app" element={<p>The app</p>} />
          <Route path="/" element={<p>Landing</p>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const field = () => screen.getByLabelText('Email address') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send Magic Link' }) as HTMLButtonElement;

/** Fake-time seconds, one at a time: each tick re-renders and schedules the next. */
async function seconds(n: number) {
  for (let i = 0; i < n; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('spec 1 §2/§5 login screen: the e-mail form', () => {
  it("disables 'Send Magic Link' while the address is empty or invalid", async () => {
    const user = userEvent.setup();
    renderLogin(vi.fn());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in');
    expect(sendButton().disabled).toBe(true);
    await user.type(field(), 'ada@example');
    expect(sendButton().disabled).toBe(true);
    await user.type(field(), '.co.uk');
    expect(sendButton().disabled).toBe(false);
  });

  it("says 'Please enter a valid email address' once the field is left invalid, and clears it when fixed", async () => {
    const user = userEvent.setup();
    renderLogin(vi.fn());
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    await user.type(field(), 'not an address');
    await user.tab();
    const message = await screen.findByText('Please enter a valid email address');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toBe(message.id);
    await user.clear(field());
    await user.type(field(), 'ada@example.co.uk');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('sends to the trimmed, lower-cased address and shows the sending state', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((r) => (finish = r)));
    renderLogin(send);
    await user.type(field(), '  Ada@Example.CO.UK ');
    await user.click(sendButton());
    expect(send).toHaveBeenCalledWith('ada@example.co.uk');
    const busy = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await act(async () => finish());
    await screen.findByRole('heading', { name: 'Check your email' });
  });

  it('goes to /app when already signed in', () => {
    renderLogin(vi.fn(), { status: 'signedIn', user: { userId: 'u1', email: 'ada@example.co.uk' } });
    expect(screen.getByText('The app')).toBeTruthy();
  });
});

describe("spec 1 §2/§4 login screen: 'Check your email' and the 30 s resend countdown", () => {
  async function sent(send: (email: string) => Promise<void> = vi.fn(async () => undefined)) {
    vi.useFakeTimers();
    renderLogin(send);
    fireEvent.change(field(), { target: { value: 'ada@example.co.uk' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    return send;
  }

  it('shows the heading, the success message, the address, the steps and the countdown', async () => {
    await sent();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Magic link sent! Check your email.');
    expect(screen.getByText('ada@example.co.uk')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Open your email app',
      'Look for an email from Family Finance',
      'Click the sign-in button in the email',
      "Can't find it? Check your spam or junk folder",
    ]);
    expect(screen.getByText('You can resend the link in 30 s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend the link' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Check your email' }));
  });

  it('counts down each second and offers the resend link after 30 s; resending restarts it', async () => {
    const send = await sent();
    await seconds(1);
    expect(screen.getByText('You can resend the link in 29 s')).toBeTruthy();
    await seconds(28);
    expect(screen.getByText('You can resend the link in 1 s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend the link' })).toBeNull();
    await seconds(1);
    const resend = screen.getByRole('button', { name: 'Resend the link' });
    await act(async () => {
      fireEvent.click(resend);
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith('ada@example.co.uk');
    expect(screen.getByText('You can resend the link in 30 s')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Magic link sent! Check your email.');
  });

  it("'Use a different email address' resets the form", async () => {
    await sent();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use a different email address' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in');
    expect(field().value).toBe('');
    expect(sendButton().disabled).toBe(true);
    expect(document.activeElement).toBe(field());
    expect(screen.queryByText(/resend/i)).toBeNull();
  });

  it('shows a resend failure in place of the success message', async () => {
    const send = vi
      .fn<(email: string) => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(
        Object.assign(new Error('CreateAuthChallenge failed with error rate_limit: wait.'), {
          name: 'UserLambdaValidationException',
        }),
      );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await sent(send);
    await seconds(30);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend the link' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many requests. Please wait a moment before trying again.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend the link' })).toBeTruthy();
  });
});

describe('spec 1 §8 login errors', () => {
  it.each([
    [
      'the rate limit',
      {
        name: 'UserLambdaValidationException',
        message: 'CreateAuthChallenge failed with error rate_limit: 30 s.',
      },
      'Too many requests. Please wait a moment before trying again.',
    ],
    [
      'an invalid address',
      {
        name: 'UserLambdaValidationException',
        message: 'CreateAuthChallenge failed with error invalid_email: no.',
      },
      'This email address is not valid',
    ],
    [
      'anything else',
      { name: 'NetworkError', message: 'A network error has occurred.' },
      'Unable to send magic link. Please check your internet connection and try again.',
    ],
  ])('maps %s to its message and stays on the form', async (_, failure, expected) => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderLogin(
      vi.fn(async () => Promise.reject(Object.assign(new Error(failure.message), { name: failure.name }))),
    );
    await user.type(field(), 'ada@example.co.uk');
    await user.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
    expect(sendButton().disabled).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
  });
});
