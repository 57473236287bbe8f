import { lazy, Suspense } from 'react';
import { useFirstContentPainted } from '../../app/after-paint';
import { useFamilies } from './api';

const SwitcherMenu = lazy(() => import('./SwitcherMenu').then((m) => ({ default: m.SwitcherMenu })));

/**
 * The header's family switcher (beyond the spec): shown only to someone who belongs to more than one family
 * (their own, and one they joined by invitation). The menu and its confirmation load only for them, so the
 * app's first load carries no more than the list query, and that is asked for once the page's first content
 * has been painted (on the overview, its figures).
 */
export function FamilySwitcher() {
  const families = useFamilies({ enabled: useFirstContentPainted() });
  const list = families.data ?? [];
  if (list.length < 2) return null;
  return (
    <Suspense fallback={null}>
      <SwitcherMenu families={list} />
    </Suspense>
  );
}
