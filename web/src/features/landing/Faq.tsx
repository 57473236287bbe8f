import { useId, useState } from 'react';
import { FAQS } from './copy';

/**
 * The FAQ as an accessible disclosure list: each question is a button in a heading, telling whether its
 * answer is shown (aria-expanded) and which region it controls; the answers are hidden until asked for.
 */
export function Faq() {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (i: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <ul className="faq-list">
      {FAQS.map((item, i) => {
        const expanded = open.has(i);
        return (
          <li key={item.q}>
            <h3>
              <button
                type="button"
                className="faq-question"
                aria-expanded={expanded}
                aria-controls={`${id}-${i}`}
                onClick={() => toggle(i)}
              >
                <span>{item.q}</span>
                <span className="faq-marker" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={`${id}-${i}`} className="faq-answer" hidden={!expanded}>
              <p>{item.a}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
