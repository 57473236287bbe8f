import { lazy, Suspense } from 'react';
import { initials } from '../../../functions/domain/identity';
import type { AccountMenuProps } from './AccountMenuList';
import { useFirstContentPainted } from './after-paint';

const AccountMenuList = lazy(() => import('./AccountMenuList').then((m) => ({ default: m.AccountMenuList })));

/**
 * The header's account menu on a phone, where the name and Sign Out do not fit beside the menu button and
 * the brand: a round button with the person's initials (named 'Account menu' and their name) opening their
 * full name and e-mail, the profile (when that page exists), Send feedback (the floating button is not shown
 * on a phone) and Sign Out. Larger screens show the name and Sign Out in the header instead. The menu's code
 * loads once the page's first content has been painted (on the overview, its figures), as the family
 * switcher's list does; until then the same button stands in its place.
 */
export function AccountMenu(props: AccountMenuProps) {
  const painted = useFirstContentPainted();
  const label = (
    <>
      <span aria-hidden="true" className="account-initials">
        {initials(props.name)}
      </span>
      <span className="visually-hidden">Account menu: {props.name}</span>
    </>
  );
  const standIn = (
    <button type="button" className="account-menu-trigger">
      {label}
    </button>
  );
  return (
    <div className="account-menu">
      {painted ? (
        <Suspense fallback={standIn}>
          <AccountMenuList label={label} {...props} />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  );
}
