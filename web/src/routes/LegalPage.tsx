import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Layout of the policy pages: a readable column with a way back home (spec 1 §2). */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <main className="legal">
      <p className="legal-back">
        <Link to="/">← Back to home</Link>
      </p>
      <h1>{title}</h1>
      <p className="legal-updated">Last updated {updated}</p>
      {children}
      <p className="legal-back">
        <Link to="/">← Back to home</Link>
      </p>
    </main>
  );
}
