import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import './kit.css';

/**
 * Tabs on Radix Tabs (WAI-ARIA tabs): one tab stop; Left / Right arrows move between tabs and show each
 * (Home / End to the first / last); each panel is labelled by its tab.
 */
export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export function Tabs({
  label,
  tabs,
  value,
  defaultValue,
  onValueChange,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
}) {
  return (
    <RadixTabs.Root
      className="tabs"
      value={value}
      defaultValue={defaultValue ?? tabs[0]?.id}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className="tabs-list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.id} value={tab.id} className="tabs-tab" disabled={tab.disabled}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.id} value={tab.id} className="tabs-panel">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
