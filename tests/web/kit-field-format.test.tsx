import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '../../functions/contracts/profile';
import { Alert } from '../../web/src/components/Alert';
import { DateText } from '../../web/src/components/DateText';
import { EmptyState } from '../../web/src/components/EmptyState';
import { Field, useContractForm } from '../../web/src/components/Field';
import { Money } from '../../web/src/components/Money';
import { ProgressBar } from '../../web/src/components/ProgressBar';
import { StatTile } from '../../web/src/components/StatTile';

/**
 * The kit's form field (label, hint and error tied to the control for screen readers, the error announced)
 * with react-hook-form checked by a shared contract; money and dates as a UK family reads them; the small
 * display parts.
 */
function ProfileForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(profileUpdateSchema, { defaultValues: { first_name: 'Ada', last_name: 'Lovelace' } });
  return (
    <form noValidate onSubmit={handleSubmit(() => undefined)}>
      <Field label="Date of birth" hint="As YYYY-MM-DD" error={errors.date_of_birth?.message ?? undefined}>
        {(control) => <input {...control} {...register('date_of_birth')} />}
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe('Field', () => {
  it('names the control by its label and describes it by its hint', () => {
    render(
      <Field label="Family name" hint="As you would like it shown" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText(/Family name/);
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const hint = screen.getByText('As you would like it shown');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("announces the shared contract's error and ties it to the control", async () => {
    const user = userEvent.setup();
    render(<ProfileForm />);
    const input = screen.getByLabelText('Date of birth');
    await user.type(input, '10/12/1815');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('Enter the date of birth as YYYY-MM-DD');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([
      screen.getByText('As YYYY-MM-DD').id,
      error.id,
    ]);
    await user.clear(input);
    await user.type(input, '1815-12-10');
    await user.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('Money and DateText', () => {
  it('shows pounds sterling in en-GB with a true minus sign', () => {
    const text = (amount: number, decimals?: 0 | 2) =>
      render(<Money amount={amount} decimals={decimals} />).container.textContent;
    expect(text(1234.56)).toBe('£1,234.56');
    expect(text(-1234.56)).toBe('\u2212£1,234.56');
    expect(text(0)).toBe('£0.00');
    expect(text(-0.001)).toBe('£0.00');
    expect(text(2_500_000.4, 0)).toBe('£2,500,000');
  });

  it('colours money in and out when asked', () => {
    const { container } = render(
      <>
        <Money amount={-5} tone="auto" />
        <Money amount={5} tone="auto" />
      </>,
    );
    expect([...container.querySelectorAll('.money')].map((m) => m.className)).toEqual([
      'money money-out',
      'money money-in',
    ]);
  });

  it('shows dates in en-GB inside <time> with the machine-readable date', () => {
    const { container } = render(
      <>
        <DateText date="2024-03-05" />
        <DateText date="2024-03-05" format="short" />
        <DateText date="2024-10-30" format="relative" now={new Date('2024-10-31T12:00:00Z')} />
      </>,
    );
    const times = [...container.querySelectorAll('time')];
    expect(times.map((t) => t.textContent)).toEqual(['5 Mar 2024', '05/03/2024', 'Yesterday']);
    expect(times.map((t) => t.getAttribute('datetime'))).toEqual(['2024-03-05', '2024-03-05', '2024-10-30']);
  });
});

describe('display parts', () => {
  it('ProgressBar is a named progressbar with its value, value text and fill', () => {
    render(<ProgressBar label="Upload" value={40} valueText="40% uploaded" />);
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('40% uploaded');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('40%');
  });

  it('Alert announces danger at once and the rest politely', () => {
    render(
      <>
        <Alert tone="danger">Could not read the file.</Alert>
        <Alert tone="success">Done.</Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not read the file.');
    expect(screen.getByRole('status').textContent).toBe('Done.');
  });

  it('StatTile and EmptyState show their label, value and way forward', () => {
    render(
      <>
        <StatTile label="Money in" value={<Money amount={10} />} />
        <EmptyState title="No accounts yet" action={<button type="button">Add an account</button>}>
          Add the accounts your family uses.
        </EmptyState>
      </>,
    );
    expect(screen.getByText('Money in').nextElementSibling?.textContent).toBe('£10.00');
    expect(screen.getByText('No accounts yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add an account' })).toBeTruthy();
  });
});
