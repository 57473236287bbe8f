import { formatMoney } from '../../../functions/domain/format';
import './kit.css';

/**
 * An amount of money in en-GB pounds sterling (the domain's en-GB formatting), with a true minus sign for
 * negative amounts: −£1,234.56. `tone` colours money in and out.
 */
export function formatMoneyText(amount: number, decimals: 0 | 2 = 2): string {
  return formatMoney(amount, decimals).replace(/^-/, '\u2212');
}

export interface MoneyProps {
  amount: number;
  decimals?: 0 | 2;
  /** 'auto' colours negative amounts as money out and positive ones as money in. */
  tone?: 'none' | 'auto';
  className?: string;
}

export function Money({ amount, decimals = 2, tone = 'none', className }: MoneyProps) {
  const toneClass = tone === 'auto' ? (amount < 0 ? 'money-out' : amount > 0 ? 'money-in' : '') : '';
  return (
    <span className={['money', toneClass, className].filter(Boolean).join(' ')}>
      {formatMoneyText(amount, decimals)}
    </span>
  );
}
