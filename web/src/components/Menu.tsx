import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode, Ref } from 'react';
import './kit.css';

/**
 * A menu of actions on Radix Dropdown Menu (WAI-ARIA menu button): the button opens it with a click, Enter,
 * Space or Arrow Down; arrows move between items, typing a letter jumps, Enter or Space runs an item, Escape
 * closes and returns focus to the button. An optional heading (not an item) says whose menu it is.
 */
export interface MenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
  tone?: 'danger';
}

export function Menu({
  label,
  items,
  buttonLabel,
  heading,
  triggerClassName = 'button menu-trigger',
  caret = true,
  align = 'start',
  triggerRef,
}: {
  /** The button's text (e.g. 'Actions'). */
  label: ReactNode;
  items: readonly MenuItem[];
  /** The button's accessible name when `label` is not text (e.g. 'Actions for Barclays current account'). */
  buttonLabel?: string;
  /** Shown at the top of the open menu, above its items (e.g. the signed-in person's name). */
  heading?: ReactNode;
  triggerClassName?: string;
  caret?: boolean;
  align?: 'start' | 'end';
  /** The menu's button, for focusing it again after something the menu opened (a dialog) closes. */
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger ref={triggerRef} className={triggerClassName} aria-label={buttonLabel}>
        {label}
        {caret && (
          <span aria-hidden="true" className="menu-caret">
            ▾
          </span>
        )}
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="menu" align={align} sideOffset={4} collisionPadding={8}>
          {heading && (
            <>
              <RadixMenu.Label className="menu-heading">{heading}</RadixMenu.Label>
              <RadixMenu.Separator className="menu-separator" />
            </>
          )}
          {items.map((item) => (
            <RadixMenu.Item
              key={item.label}
              className={`menu-item${item.tone === 'danger' ? ' menu-item-danger' : ''}`}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
