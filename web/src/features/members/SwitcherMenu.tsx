import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FamilyMembership } from '../../../../functions/contracts/members';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Menu } from '../../components/Menu';
import { STORAGE_KEYS } from '../onboarding/storage';
import { membersApi, useFamilyChanged } from './api';
import './members.css';

/** The switcher's menu: the other families, and a confirmed switch (a deliberate choice). */
export function SwitcherMenu({ families }: { families: FamilyMembership[] }) {
  const familyChanged = useFamilyChanged();
  const navigate = useNavigate();
  const [target, setTarget] = useState<FamilyMembership | null>(null);
  const current = families.find((f) => f.current);

  const switchTo = async (family: FamilyMembership) => {
    await membersApi.switchFamily(family.family_id);
    localStorage.setItem(STORAGE_KEYS.familyId, family.family_id);
    await familyChanged();
    navigate('/app');
  };

  return (
    <div className="family-switcher">
      <Menu
        label={<span className="family-switcher-name">{current?.family_name ?? 'Families'}</span>}
        buttonLabel={`Family: ${current?.family_name ?? 'none chosen'}. Switch family`}
        items={families
          .filter((f) => !f.current)
          .map((f) => ({ label: `Switch to ${f.family_name}`, onSelect: () => setTarget(f) }))}
      />
      {target && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setTarget(null);
          }}
          title={`Switch to ${target.family_name}?`}
          description={`You'll see ${target.family_name}'s accounts, transactions and insights. ${current ? `${current.family_name} stays as it is, and you can switch back here at any time.` : ''}`}
          confirmLabel="Switch family"
          onConfirm={() => switchTo(target)}
        />
      )}
    </div>
  );
}
