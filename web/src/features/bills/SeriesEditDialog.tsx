import { type FormEvent, useState } from 'react';
import { BILLS_MESSAGES, type RegularSeriesDto } from '../../../../functions/contracts/bills';
import type { CategoryDto } from '../../../../functions/contracts/spending';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useDecideBill } from './api';

/** Rename a regular series, or give it a category: the family's own words win over detection. */
export function SeriesEditDialog({
  series,
  field,
  categories,
  onClose,
}: {
  series: RegularSeriesDto;
  field: 'name' | 'category';
  categories: readonly CategoryDto[];
  onClose(): void;
}) {
  const decide = useDecideBill();
  const [name, setName] = useState(series.payee);
  const [category, setCategory] = useState(series.category_id ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (field === 'name' && (!name.trim() || name.trim().length > 80)) return setError(BILLS_MESSAGES.name);
    if (field === 'category' && !category) return setError(BILLS_MESSAGES.category);
    decide.mutate(
      field === 'name'
        ? { series_id: series.id, name: name.trim() }
        : { series_id: series.id, category_id: category },
      { onSuccess: onClose, onError: (e) => setError(e.message) },
    );
  };
  const formId = `edit-${field}`;
  return (
    <Dialog
      title={field === 'name' ? `Rename ${series.payee}` : `Category of ${series.payee}`}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button primary" disabled={decide.isPending}>
            Save
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {field === 'name' ? (
          <Field label="Name" error={error} required>
            {(control) => (
              <input {...control} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
            )}
          </Field>
        ) : (
          <Field label="Category" error={error} required>
            {(control) => (
              <select {...control} value={category} onChange={(e) => setCategory(e.target.value)}>
                <option value="">Choose a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.parent_id ? `— ${c.name}` : c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </form>
    </Dialog>
  );
}
