import { useMemo, useState } from 'react';
import type { Institution, InstitutionType } from '../../../../functions/contracts/institutions';
import { searchInstitutions, servicesPreview } from '../../../../functions/domain/institution-search';
import { Combobox } from '../../components/Combobox';
import { useInstitutions, useServiceTypes } from './api';

/**
 * Searchable institution picker (spec 1 §2, spec 2 §5) on the kit's Combobox: typing filters by name, display
 * name and description; arrows move, Enter picks, Escape closes; type chips for bank, fintech and building
 * society; each option shows 3 services then '+N more'.
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

/** An option: an institution of the catalogue, or the chosen one before the catalogue has loaded. */
type Option = Pick<Institution, 'id' | 'display_name'> & Partial<Institution>;

export interface InstitutionPickerProps {
  label: string;
  selected: { id: string; name: string } | null;
  onSelect(institution: Institution | null): void;
}

export function InstitutionPicker({ label, selected, onSelect }: InstitutionPickerProps) {
  const { data: institutions, isPending, isError } = useInstitutions();
  const { data: serviceTypes } = useServiceTypes();
  const [query, setQuery] = useState('');
  const [type, setType] = useState<InstitutionType | null>(null);

  const serviceName = useMemo(() => {
    const names = new Map((serviceTypes ?? []).map((s) => [s.code as string, s.name]));
    return (code: string) => names.get(code) ?? code.replace(/_/g, ' ');
  }, [serviceTypes]);
  const results = useMemo(
    () => searchInstitutions(institutions ?? [], { q: query, type }).slice(0, MAX_OPTIONS),
    [institutions, query, type],
  );
  // The chosen institution as the combobox's item (its name as shown, even before the catalogue loads).
  const chosen = useMemo<Option | null>(
    () =>
      selected
        ? (institutions?.find((i) => i.id === selected.id) ?? {
            id: selected.id,
            display_name: selected.name,
          })
        : null,
    [selected, institutions],
  );

  return (
    <Combobox<Option>
      className="institution-picker"
      label={label}
      listLabel="Institutions"
      placeholder="Search banks, building societies, apps…"
      items={results}
      itemKey={(i) => i.id}
      itemText={(i) => i.display_name}
      inputValue={selected ? selected.name : query}
      onInputChange={(value) => {
        if (selected && value === selected.name) return;
        setQuery(value);
        if (selected) onSelect(null);
      }}
      selected={chosen}
      onSelect={(option) => {
        const institution = results.find((i) => i.id === option.id);
        if (!institution) return;
        onSelect(institution);
        setQuery('');
      }}
      isLoading={isPending}
      message={isError ? 'The bank list could not be loaded. Enter the bank name below instead.' : undefined}
      emptyMessage="No matches. Enter the bank name below instead."
      renderItem={(institution) => {
        const { shown, more } = servicesPreview(institution.services ?? []);
        return (
          <>
            <span className="option-name">{institution.display_name}</span>
            {institution.type && (
              <span className="option-type">{TYPE_LABELS[institution.type] ?? institution.type}</span>
            )}
            {shown.length > 0 && (
              <span className="option-services">
                {shown.map(serviceName).join(' · ')}
                {more > 0 && ` +${more} more`}
              </span>
            )}
          </>
        );
      }}
      onClear={() => onSelect(null)}
      clearLabel={selected ? `Clear ${selected.name}` : undefined}
    >
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
            onClick={() => setType(type === chip.type ? null : chip.type)}
          >
            {chip.label}
          </button>
        ))}
      </fieldset>
    </Combobox>
  );
}
