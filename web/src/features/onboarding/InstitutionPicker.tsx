import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import type { Institution, InstitutionType } from '../../../../functions/contracts/institutions';
import { searchInstitutions, servicesPreview } from '../../../../functions/domain/institution-search';
import { useInstitutions, useServiceTypes } from '../../api/queries';

/**
 * Searchable institution picker (spec 1 §2, spec 2 §5): an ARIA 1.2 combobox with a listbox popup (typing
 * filters by name, display name and description; arrows move, Enter picks, Escape closes), type chips for
 * bank, fintech and building society, and each option showing 3 services then '+N more'.
 */
const TYPE_CHIPS: Array<{ type: InstitutionType; label: string }> = [
  { type: 'bank', label: 'Bank' },
  { type: 'fintech', label: 'Fintech' },
  { type: 'building_society', label: 'Building society' },
];
const TYPE_LABELS: Partial<Record<InstitutionType, string>> = {
  bank: 'Bank',
  fintech: 'Fintech',
  building_society: 'Building society',
  investment_platform: 'Investment platform',
  credit_card_provider: 'Card provider',
  private_bank: 'Private bank',
  insurance: 'Insurer',
};
const MAX_OPTIONS = 50;

export interface InstitutionPickerProps {
  label: string;
  selected: { id: string; name: string } | null;
  onSelect(institution: Institution | null): void;
}

export function InstitutionPicker({ label, selected, onSelect }: InstitutionPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const { data: institutions, isPending, isError } = useInstitutions();
  const { data: serviceTypes } = useServiceTypes();
  const [query, setQuery] = useState('');
  const [type, setType] = useState<InstitutionType | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const serviceName = useMemo(() => {
    const names = new Map((serviceTypes ?? []).map((s) => [s.code as string, s.name]));
    return (code: string) => names.get(code) ?? code.replace(/_/g, ' ');
  }, [serviceTypes]);
  const results = useMemo(
    () => searchInstitutions(institutions ?? [], { q: query, type }).slice(0, MAX_OPTIONS),
    [institutions, query, type],
  );
  const inputValue = selected ? selected.name : query;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (institution: Institution) => {
    onSelect(institution);
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length ? (i + step + results.length) % results.length : 0));
    } else if (event.key === 'Enter' && open) {
      const institution = results[active];
      if (institution) {
        event.preventDefault();
        choose(institution);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else if (query) {
        setQuery('');
      }
    }
  };

  return (
    <div className="institution-picker">
      <label htmlFor={inputId}>{label}</label>
      <fieldset className="chips">
        <legend className="visually-hidden">Filter by type</legend>
        <button type="button" aria-pressed={type === null} onClick={() => setType(null)}>
          All
        </button>
        {TYPE_CHIPS.map((chip) => (
          <button
            key={chip.type}
            type="button"
            aria-pressed={type === chip.type}
            onClick={() => {
              setType(type === chip.type ? null : chip.type);
              setActive(0);
            }}
          >
            {chip.label}
          </button>
        ))}
      </fieldset>
      <div className="combobox">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && results[active] ? optionId(active) : undefined}
          placeholder="Search banks, building societies, apps…"
          value={inputValue}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
            if (selected) onSelect(null);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {selected && (
          <button
            type="button"
            className="link"
            onClick={() => onSelect(null)}
            aria-label={`Clear ${selected.name}`}
          >
            Clear
          </button>
        )}
        <div id={listId} role="listbox" aria-label="Institutions" hidden={!open} className="listbox">
          {results.map((institution, index) => {
            const { shown, more } = servicesPreview(institution.services);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is on the combobox input (ARIA combobox pattern)
              <div
                key={institution.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className="option"
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(institution)}
              >
                <span className="option-name">{institution.display_name}</span>
                <span className="option-type">{TYPE_LABELS[institution.type] ?? institution.type}</span>
                {shown.length > 0 && (
                  <span className="option-services">
                    {shown.map(serviceName).join(' · ')}
                    {more > 0 && ` +${more} more`}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <p className="hint" aria-live="polite">
        {isError
          ? 'The bank list could not be loaded. Enter the bank name below instead.'
          : open && !isPending && results.length === 0
            ? 'No matches. Enter the bank name below instead.'
            : ''}
      </p>
    </div>
  );
}
