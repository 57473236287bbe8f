import {
  Select as AriaSelect,
  Button,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
  Text,
} from 'react-aria-components';
import './kit.css';

/**
 * The kit's select: a labelled button that opens a list of options and picks one.
 *
 * Built on React Aria Components' Select, for its complete WAI-ARIA listbox-button pattern: the button is
 * named by its label and says the picked option; Space, Enter and the arrows open the list; arrows move,
 * typing jumps to an option by its first letters, Enter picks, Escape closes and focus returns to the button.
 * The list opens in a popover placed to fit the screen, so it works at a phone's width. A hint or an error
 * under the field is tied to it (aria-describedby).
 */
export interface SelectOption<K extends string> {
  id: K;
  label: string;
}

export interface SelectProps<K extends string> {
  label: string;
  options: readonly SelectOption<K>[];
  value: K | null;
  onChange(value: K): void;
  placeholder?: string;
  /** A line under the field. */
  hint?: string;
  /** The field's problem, shown in the danger tone and tied to the field. */
  error?: string | null | undefined;
  isDisabled?: boolean;
  className?: string;
}

export function Select<K extends string>(props: SelectProps<K>) {
  const { options } = props;
  return (
    <AriaSelect
      className={['kit-select', props.error ? 'kit-select-invalid' : '', props.className]
        .filter(Boolean)
        .join(' ')}
      value={props.value}
      onChange={(key: Key | null) => {
        const option = options.find((o) => o.id === key);
        if (option) props.onChange(option.id);
      }}
      placeholder={props.placeholder ?? 'Choose…'}
      isDisabled={props.isDisabled}
      isInvalid={Boolean(props.error)}
    >
      <Label className="kit-select-label">{props.label}</Label>
      <Button className="kit-select-button">
        <SelectValue className="kit-select-value" />
        <span aria-hidden="true" className="kit-select-caret">
          ▾
        </span>
      </Button>
      {props.hint ? (
        <Text slot="description" className="hint">
          {props.hint}
        </Text>
      ) : null}
      {props.error ? (
        <Text slot="errorMessage" className="kit-select-error">
          {props.error}
        </Text>
      ) : null}
      <Popover className="kit-select-popover" placement="bottom start">
        <ListBox className="listbox-list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className="option">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
