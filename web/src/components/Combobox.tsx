import { type FocusEvent, type ReactNode, type RefObject, useContext, useEffect, useRef } from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxContext,
  ListBoxItem,
  PopoverContext,
  useSlottedContext,
} from 'react-aria-components';
import './kit.css';

/**
 * The kit's combobox: a text field that filters a list of suggestions and picks one.
 *
 * Built on React Aria Components' ComboBox, chosen for its complete WAI-ARIA 1.2 combobox: the list is
 * navigated with virtual focus (aria-activedescendant, the caret stays in the field), items can be filtered by
 * the caller (`items` is the already filtered list, so a server-side or async search works the same way), and
 * screen readers are told how many options there are and which one is active, including on VoiceOver where
 * aria-activedescendant alone is not read out. While the list is open, everything outside the combobox is
 * hidden from assistive technology, as in a popup.
 *
 * The behaviour: typing opens the list and makes its first option the active one (Enter picks it); clicking
 * the field or pressing Arrow Down opens it too; arrows move; Enter or a click picks; Escape closes. The list
 * stays in the page while closed (hidden), so `aria-controls` always names it. `children` (e.g. filter chips)
 * are part of the combobox: moving focus to them keeps the list open. With `onClear`, a Clear button beside
 * the field drops the pick and puts focus back in the field.
 */
export interface ComboboxProps<T> {
  label: string;
  /** The suggestions to show, already filtered by the caller for `inputValue`. */
  items: readonly T[];
  itemKey(item: T): string;
  /** The text of an item, as read out and as the field shows it once picked. */
  itemText(item: T): string;
  renderItem?(item: T): ReactNode;
  inputValue: string;
  onInputChange(value: string): void;
  /** The picked item (stays in the list while picked), or null. */
  selected: T | null;
  onSelect(item: T): void;
  /** The list's accessible name, e.g. 'Institutions'. */
  listLabel?: string;
  placeholder?: string;
  /** A message under the field, announced politely (e.g. that the list could not be loaded). */
  message?: string;
  /** Shown as the message while the list is open with nothing in it (and not loading). */
  emptyMessage?: string;
  isLoading?: boolean;
  /** Content between the label and the field, e.g. filter chips. */
  children?: ReactNode;
  /** Shows a Clear button while an item is picked; `clearLabel` is its accessible name (e.g. 'Clear Barclays'). */
  onClear?(): void;
  clearLabel?: string;
  className?: string;
}

export function Combobox<T>(props: ComboboxProps<T>) {
  const { items, itemKey, selected } = props;
  // The picked item stays in the collection, so the field can always show (and restore) its text.
  const collection =
    selected && !items.some((i) => itemKey(i) === itemKey(selected)) ? [selected, ...items] : items;
  const byKey = new Map(collection.map((item) => [itemKey(item), item]));
  const selectedKey = selected ? itemKey(selected) : null;
  const inputRef = useRef<HTMLInputElement>(null);

  const onSelectionChange = (key: Key | null) => {
    if (key === null || key === selectedKey) return;
    const item = byKey.get(String(key));
    if (item) props.onSelect(item);
  };

  return (
    <ComboBox
      className={['combobox-field', props.className].filter(Boolean).join(' ')}
      items={collection}
      inputValue={props.inputValue}
      onInputChange={props.onInputChange}
      selectedKey={selectedKey}
      onSelectionChange={onSelectionChange}
      allowsCustomValue
      allowsEmptyCollection
      menuTrigger="input"
    >
      {({ isOpen }) => (
        <ComboboxRegion>
          <Label className="combobox-label">{props.label}</Label>
          {props.children}
          <div className="combobox">
            <ComboboxInput placeholder={props.placeholder} inputRef={inputRef} />
            {props.onClear && selected && (
              <button
                type="button"
                className="link"
                aria-label={props.clearLabel}
                onClick={() => {
                  props.onClear?.();
                  inputRef.current?.focus();
                }}
              >
                Clear
              </button>
            )}
            <div className="listbox" hidden={!isOpen}>
              <ListBox<T> className="listbox-list" aria-label={props.listLabel}>
                {(item) => (
                  <ListBoxItem id={itemKey(item)} textValue={props.itemText(item)} className="option">
                    {props.renderItem ? props.renderItem(item) : props.itemText(item)}
                  </ListBoxItem>
                )}
              </ListBox>
            </div>
          </div>
          <p className="hint combobox-message" aria-live="polite">
            {props.message ??
              (isOpen && !props.isLoading && items.length === 0 ? (props.emptyMessage ?? '') : '')}
          </p>
        </ComboboxRegion>
      )}
    </ComboBox>
  );
}

/**
 * The combobox's own region: given the ref React Aria keeps for the popup, so focus moving to the chips or the
 * Clear button does not close the list and they are not hidden from screen readers while it is open. Focus
 * leaving the region altogether closes the list, as leaving the field does.
 */
function ComboboxRegion({ children }: { children: ReactNode }) {
  const popover = useSlottedContext(PopoverContext);
  const state = useContext(ComboBoxStateContext);
  const ref = popover?.ref as RefObject<HTMLDivElement | null> | undefined;
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    const inside = next instanceof Node && event.currentTarget.contains(next);
    if (!inside && state?.isFocused && event.target.getAttribute('role') !== 'combobox')
      state.setFocused(false);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: watches focus leaving its own controls; it has no interaction of its own
    <div ref={ref} className="combobox-region" onBlur={onBlur}>
      {children}
    </div>
  );
}

/** The field: opens the list on click, names the list in aria-controls, and keeps the first match active. */
function ComboboxInput({
  placeholder,
  inputRef,
}: {
  placeholder?: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const listBox = useSlottedContext(ListBoxContext);
  const state = useContext(ComboBoxStateContext);
  const listId = listBox && 'id' in listBox ? (listBox.id as string | undefined) : undefined;
  const firstKey = state?.collection.getFirstKey() ?? null;
  const focusedKey = state?.selectionManager.focusedKey ?? null;
  const isOpen = state?.isOpen ?? false;
  const typed = useRef(false);
  const opened = useRef(false);

  useEffect(() => {
    if (!state) return;
    if (!isOpen) {
      opened.current = false;
      return;
    }
    const focusedShown = focusedKey !== null && state.collection.getItem(focusedKey) !== null;
    // Arrow Down / Up on the closed field: the first / last option is the active one (the list stays mounted,
    // so this is done here rather than by the list's autofocus).
    if (!opened.current) {
      opened.current = true;
      const key =
        state.focusStrategy === 'last'
          ? state.collection.getLastKey()
          : state.focusStrategy === 'first'
            ? firstKey
            : null;
      if (key !== null && !focusedShown) {
        state.selectionManager.setFocusedKey(key);
        return;
      }
    }
    // After typing, the first match is the active option (Enter picks it), as in the APG's list autocomplete.
    if (typed.current && firstKey !== null && !focusedShown) state.selectionManager.setFocusedKey(firstKey);
  }, [state, isOpen, firstKey, focusedKey]);

  return (
    <Input
      ref={inputRef}
      aria-controls={listId}
      placeholder={placeholder}
      onChange={() => {
        typed.current = true;
      }}
      onKeyDown={(event) => {
        if (event.key.startsWith('Arrow') || event.key === 'Escape') typed.current = false;
      }}
      onClick={() => {
        typed.current = false;
        if (state && !state.isOpen) state.open(null, 'manual');
      }}
    />
  );
}
