import { type FormEvent, useEffect, useId, useState } from 'react';
import { canSubmitFeedback, validateEmail } from '../../../../functions/domain/validation';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import type { SendFeedback } from './api';

/**
 * The feedback form (spec 1 §2, §4, §5): a message box (Send Feedback stays disabled until it has more than
 * spaces), an optional e-mail (sent as null when empty, checked when given), then 'Thanks for your
 * feedback!' and the dialog closes after 2 s. A failure is logged only: the sending state ends and no
 * message is shown (spec 1 §8).
 */
export const CLOSE_AFTER_MS = 2000;
export const THANKS = 'Thanks for your feedback!';

type State = 'idle' | 'sending' | 'sent';

export function FeedbackDialog({
  open,
  onOpenChange,
  send,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  send: SendFeedback;
}) {
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [state, setState] = useState<State>('idle');
  const formId = useId();

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = setTimeout(() => {
      onOpenChange(false);
      setMessage('');
      setEmail('');
      setState('idle');
    }, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state, onOpenChange]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitFeedback(message) || state !== 'idle') return;
    const trimmed = email.trim();
    const invalid = trimmed ? validateEmail(trimmed) : null;
    setEmailError(invalid ?? undefined);
    if (invalid) return;
    setState('sending');
    try {
      await send({ message: message.trim(), email: trimmed || null, url: window.location.href });
      setState('sent');
    } catch (error) {
      console.error('Feedback could not be sent:', (error as Error).message);
      setState('idle');
    }
  };

  return (
    <Dialog
      title="Send us feedback"
      description="Tell us what works, what doesn't, or what you'd like to see. We read every message."
      open={open}
      onOpenChange={onOpenChange}
      footer={
        state === 'sent' ? null : (
          <button
            type="submit"
            form={formId}
            className="button primary"
            disabled={!canSubmitFeedback(message) || state === 'sending'}
          >
            {state === 'sending' ? 'Sending...' : 'Send Feedback'}
          </button>
        )
      }
    >
      {state === 'sent' ? (
        <p className="feedback-thanks" role="status">
          {THANKS}
        </p>
      ) : (
        <form id={formId} className="feedback-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <Field label="Your feedback" required>
            {(control) => (
              <textarea
                {...control}
                rows={5}
                maxLength={2000}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                disabled={state === 'sending'}
              />
            )}
          </Field>
          <Field label="Email (optional)" hint="Only if you would like a reply." error={emailError}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                maxLength={254}
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setEmailError(undefined);
                }}
                disabled={state === 'sending'}
              />
            )}
          </Field>
        </form>
      )}
    </Dialog>
  );
}
