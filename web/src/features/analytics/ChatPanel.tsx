import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../functions/contracts/assistant';
import { ASSISTANT_MESSAGES } from '../../../../functions/domain/assistant/answers';
import { canSendChatMessage } from '../../../../functions/domain/insights';
import { Badge } from '../../components/Badge';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { useAsk, useConversation } from './api';

/** A message as the panel shows it: the kept ones, the one being sent, the loading answer (spec 3 §4.3). */
type Shown = ChatMessage & { loading?: boolean };

function flowLink(message: ChatMessage): string | null {
  const r = message.result;
  if (!r?.period || !r.transactions.length) return null;
  const ids = r.transactions.map((t) => t.id).join(',');
  return `/app/flow?from=${r.period.start}&to=${r.period.end}&ids=${encodeURIComponent(ids)}`;
}

function Answer({ message }: { message: Shown }) {
  const r = message.result;
  const link = flowLink(message);
  return (
    <>
      <p className="chat-text">{message.content}</p>
      {r && r.transactions.length > 0 && (
        <details className="chat-rows">
          <summary>
            {r.transactions.length === 1
              ? 'The transaction behind this answer'
              : `The ${r.transactions.length} transactions behind this answer`}
            {r.transaction_count > r.transactions.length ? ` (of ${r.transaction_count})` : ''}
          </summary>
          <ul>
            {r.transactions.map((t) => (
              <li key={t.id} className="chat-row">
                <DateText date={t.date} format="short" />{' '}
                <span className="chat-row-desc">{t.description}</span> <Money amount={t.amount} tone="auto" />
              </li>
            ))}
          </ul>
          {link && <a href={link}>Review these in Transaction Flow</a>}
        </details>
      )}
    </>
  );
}

/**
 * The Financial AI Assistant chat panel (spec 3 §2.6, §4.3, §5): message list, input (Enter sends,
 * Shift+Enter a new line, nothing empty is sent, disabled while sending), the loading message replaced by the
 * answer or the chat error, follow-ups in sets of 3 and the 'Online' badge, shown only while the assistant
 * answers. `prompt` puts a question in from outside (the example questions) and sends it.
 */
export function ChatPanel({ prompt }: { prompt?: { text: string; at: number } | null }) {
  const conversation = useConversation();
  const ask = useAsk();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<Shown[]>([]);
  const [online, setOnline] = useState<boolean | null>(null);
  const inputId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const sending = ask.isPending;

  const kept = conversation.data?.messages ?? [];
  // follow-ups once there is a conversation to follow up
  const followUps = ask.data?.follow_ups ?? (kept.length ? (conversation.data?.follow_ups ?? []) : []);
  const isOnline = online ?? (conversation.isSuccess ? conversation.data.online : false);

  const send = (question: string) => {
    if (!canSendChatMessage(question) || sending) return;
    const now = new Date().toISOString();
    const mine: Shown = { id: `pending-${now}`, role: 'user', content: question.trim(), timestamp: now };
    const loading: Shown = {
      id: `loading-${now}`,
      role: 'assistant',
      content: 'Thinking…',
      timestamp: now,
      loading: true,
    };
    setPending([mine, loading]);
    setText('');
    ask.mutate(question.trim(), {
      onSuccess: (answer) => {
        setPending([]);
        setOnline(answer.online);
      },
      onError: () => {
        setOnline(false);
        setPending([
          mine,
          { ...loading, loading: false, content: ASSISTANT_MESSAGES.chatError, id: `error-${now}` },
        ]);
      },
    });
  };

  const lastPrompt = useRef<number | null>(null);
  useEffect(() => {
    if (prompt && prompt.at !== lastPrompt.current) {
      lastPrompt.current = prompt.at;
      send(prompt.text);
    }
  });

  const shown: Shown[] = [...kept, ...pending];
  const count = shown.length;
  useEffect(() => {
    const list = listRef.current;
    // the newest message in view
    if (list && count) list.scrollTop = list.scrollHeight;
  }, [count]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send(text);
    }
  };

  return (
    <section className="chat-panel" aria-labelledby={`${inputId}-title`}>
      <header className="chat-head">
        <h2 id={`${inputId}-title`}>Financial AI Assistant</h2>
        {isOnline && <Badge tone="success">Online</Badge>}
      </header>
      <ol className="chat-list" ref={listRef} aria-live="polite" aria-label="Conversation">
        {shown.length === 0 && (
          <li className="chat-empty">
            Ask about your spending, income or the money moving between your accounts.
          </li>
        )}
        {shown.map((m) => (
          <li
            key={m.id}
            className={`chat-msg chat-${m.role}${m.loading ? ' chat-loading' : ''}`}
            aria-busy={m.loading || undefined}
          >
            <span className="visually-hidden">{m.role === 'user' ? 'You said' : 'Assistant said'}</span>
            {m.role === 'assistant' ? <Answer message={m} /> : <p className="chat-text">{m.content}</p>}
          </li>
        ))}
      </ol>
      {followUps.length > 0 && (
        <fieldset className="chat-followups">
          <legend className="visually-hidden">Suggested questions</legend>
          {followUps.slice(0, 3).map((q) => (
            <button
              type="button"
              key={q}
              className="button chat-followup"
              disabled={sending}
              onClick={() => send(q)}
            >
              {q}
            </button>
          ))}
        </fieldset>
      )}
      <form
        className="chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          send(text);
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Ask Your Financial AI
        </label>
        <textarea
          id={inputId}
          rows={2}
          value={text}
          disabled={sending}
          placeholder="Ask about your family's money…"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button primary" disabled={sending || !canSendChatMessage(text)}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </form>
    </section>
  );
}
