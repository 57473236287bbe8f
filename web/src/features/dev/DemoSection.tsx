import type { ReactNode } from 'react';
import './dev.css';

/** One part of a demo page: a heading, what it shows, and examples each under its own small heading. */
export function DemoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel demo-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function DemoCase({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="demo-case">
      <h3>{title}</h3>
      {children}
    </div>
  );
}
