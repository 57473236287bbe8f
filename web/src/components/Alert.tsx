import type { ReactNode } from 'react';
import './kit.css';

/**
 * A message box: info, success, warning or danger. Danger is announced at once (role alert); the others are
 * polite status messages. `title` is an optional bold first line.
 */
export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={['kit-alert', `kit-alert-${tone}`, className].filter(Boolean).join(' ')}
      role={tone === 'danger' ? 'alert' : 'status'}
    >
      {title && <p className="kit-alert-title">{title}</p>}
      {children}
    </div>
  );
}
