import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import {
  MAGIC_LINK_MIN_INTERVAL_SECONDS,
  MAGIC_LINK_TTL_MINUTES,
} from '../../../../functions/contracts/auth';
import { loginErrorMessage } from '../../../../functions/domain/identity';
import { isValidEmail, validateEmail } from '../../../../functions/domain/validation';
import { useAuth } from '../../auth/useAuth';
import './login.css';
import { loginApi } from './api';

/**
 * The login screen (spec 1 §2 Login screen, §4 Login, §5 e-mail, §8 login errors, §9 30 s resend):
 * e-mail → 'Send Magic Link' (disabled while the address is empty or invalid) → 'Check your email' with the
 * steps, a 30-second countdown before the link can be resent, and 'Use a different email address'.
 * Signed-in visitors go straight to /app.
 */
export const RESEND_SECONDS = MAGIC_LINK_MIN_INTERVAL_SECONDS;
export const SENT_MESSAGE = 'Magic link sent! Check your email.';

interface LoginForm {
  email: string;
}

export function Login({ send = loginApi.sendMagicLink }: { send?: (email: string) => Promise<void> }) {
  const { status } = useAuth();
  if (status === 'signedIn') return <Navigate to="/app" replace />;
  return <LoginScreen send={send} />;
}

function LoginScreen({ send }: { send: (email: string) => Promise<void> }) {
  const ids = { email: useId(), emailError: useId(), title: useId() };
  const { register, handleSubmit, watch, reset, formState } = useForm<LoginForm>({
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const backToForm = useRef(false);

  const email = watch('email');
  const fieldError = formState.errors.email?.message;

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  useEffect(() => {
    if (sentTo) heading.current?.focus();
    else if (backToForm.current) input.current?.focus();
    backToForm.current = false;
  }, [sentTo]);

  const sendTo = async (address: string) => {
    setSending(true);
    setError(null);
    try {
      await send(address);
      setSentTo(address);
      setSecondsLeft(RESEND_SECONDS);
    } catch (e) {
      console.warn('Sending the sign-in link failed:', (e as Error).name, (e as Error).message);
      setError(loginErrorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const startOver = () => {
    setSentTo(null);
    setError(null);
    setSecondsLeft(0);
    reset({ email: '' });
    backToForm.current = true;
  };
  const { ref: registerRef, ...emailField } = register('email', {
    validate: (value) => validateEmail(value) ?? true,
  });

  if (sentTo) {
    return (
      <main className="auth-page">
        <section className="auth-card" aria-labelledby={ids.title}>
          <p className="auth-brand">Family Finance</p>
          <h1 id={ids.title} ref={heading} tabIndex={-1}>
            Check your email
          </h1>
          {error ? (
            <div className="auth-alert danger" role="alert">
              {error}
            </div>
          ) : (
            <p className="auth-alert success" role="status">
              {SENT_MESSAGE}
            </p>
          )}
          <p>
            We sent a sign-in link to <strong>{sentTo}</strong>. It works once and expires in{' '}
            {MAGIC_LINK_TTL_MINUTES} minutes.
          </p>
          <ol className="auth-steps">
            <li>Open your email app</li>
            <li>Look for an email from Family Finance</li>
            <li>Click the sign-in button in the email</li>
            <li>Can't find it? Check your spam or junk folder</li>
          </ol>
          <div className="auth-actions">
            {secondsLeft > 0 ? (
              <p className="auth-muted">You can resend the link in {secondsLeft} s</p>
            ) : (
              <button
                type="button"
                className="link-button"
                disabled={sending}
                onClick={() => void sendTo(sentTo)}
              >
                {sending ? 'Sending...' : 'Resend the link'}
              </button>
            )}
            <button type="button" className="link-button" onClick={startOver}>
              Use a different email address
            </button>
          </div>
        </section>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby={ids.title}>
        <Link to="/" className="auth-brand">
          Family Finance
        </Link>
        <h1 id={ids.title}>Sign in</h1>
        <p className="auth-muted">
          Enter your email address and we'll send you a link to sign in. No password needed: new here? The
          same link creates your account.
        </p>
        <form
          noValidate
          onSubmit={handleSubmit(({ email: address }) => sendTo(address.trim().toLowerCase()))}
        >
          <div className="auth-field">
            <label htmlFor={ids.email}>Email address</label>
            <input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? ids.emailError : undefined}
              {...emailField}
              ref={(element) => {
                registerRef(element);
                input.current = element;
              }}
            />
            {fieldError && (
              <p id={ids.emailError} className="auth-field-error">
                {fieldError}
              </p>
            )}
          </div>
          {error && (
            <div className="auth-alert danger" role="alert">
              {error}
            </div>
          )}
          <button
            type="submit"
            className="button primary auth-submit"
            disabled={!isValidEmail(email) || sending}
            aria-busy={sending || undefined}
          >
            {sending ? 'Sending...' : 'Send Magic Link'}
          </button>
        </form>
      </section>
    </main>
  );
}
