import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import './kit.css';

/**
 * A menu of actions on Radix Dropdown Menu (WAI-ARIA menu button): the button opens it with a click, Enter,
 * Space or Arrow Down; arrows move between items, typing a letter jumps, Enter or Space runs an item, Escape
 * closes and returns focus to the button.
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
}: {
  /** The button's text (e.g. 'Actions'). */
  label: ReactNode;
  items: readonly MenuItem[];
  /** The button's accessible name when `label` is not text (e.g. 'Actions for Barclays current account'). */
  buttonLabel?: string;
}) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger className="button menu-trigger" aria-label={buttonLabel}>
        {label}
        <span aria-hidden="true" className="menu-caret">
          ▾
        </span>
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="menu" align="start" sideOffset={4} collisionPadding={8}>
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
