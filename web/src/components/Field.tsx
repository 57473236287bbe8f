import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type * as z from 'zod/v4/core';
import './kit.css';

/**
 * A form field: its label, an optional hint, and the error once there is one. The control gets the id the
 * label names, aria-describedby naming the hint and the error, and aria-invalid while there is an error; the
 * error is announced when it appears (role alert).
 *
 *   <Field label="Family name" hint="As you would like it shown" error={errors.name?.message}>
 *     {(control) => <input {...control} {...register('name')} />}
 *   </Field>
 */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export function Field({
  label,
  hint,
  error,
  required,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  children(control: FieldControlProps): ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`kit-field${error ? ' kit-field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * react-hook-form checked by a shared zod contract (functions/contracts): the same rules the API applies,
 * with their messages, before anything is sent.
 */
export function useContractForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.$ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  });
}
