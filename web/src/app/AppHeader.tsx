import { type Ref, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { displayName } from '../../../functions/domain/identity';
import type { AuthUser } from '../auth/auth-context';
import { useAuth } from '../auth/useAuth';
import { useProfile } from '../features/family/api';
import { FamilySwitcher } from '../features/members/FamilySwitcher';
import { AccountMenu } from './AccountMenu';
import { NavDrawer } from './NavDrawer';
import { type AppPage, hasPage, PROFILE_PATH } from './pages';

/**
 * The header (spec 1 §2 App shell): the menu (a drawer on phones, the sidebar toggle on larger screens), the
 * user's display name (profile display name, else first and last name, else the e-mail's local part, else
 * 'User'), linking to the profile page when that page exists, and Sign Out (the page reloads if it fails).
 * Someone in more than one family (their own and one they joined) also gets the family switcher. On a phone
 * the name and Sign Out move into the account menu (with the profile and Send feedback), so the header never
 * cuts the name short.
 */
export function AppHeader({
  user,
  pages,
  sidebarId,
  sidebarOpen,
  onToggleSidebar,
  onFeedback,
  accountButtonRef,
}: {
  user: AuthUser;
  pages: readonly AppPage[];
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  /** Opens the feedback form (the account menu's Send feedback). */
  onFeedback(): void;
  /** The account menu's button (focus returns there when the feedback form it opened closes). */
  accountButtonRef?: Ref<HTMLButtonElement>;
}) {
  const profile = useProfile();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const name = displayName(profile.data ?? null, user.email);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
      navigate('/', { replace: true });
    } catch (error) {
      console.error('Sign-out failed:', error);
      window.location.reload();
    }
  };

  return (
    <header className="app-header">
      <button
        type="button"
        className="icon-button sidebar-toggle"
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">{sidebarOpen ? 'Hide navigation' : 'Show navigation'}</span>
      </button>
      <NavDrawer pages={pages} />
      <Link to="/app" className="app-brand">
        Family Finance
      </Link>
      <div className="app-header-end">
        <FamilySwitcher />
        {hasPage(PROFILE_PATH, pages) ? (
          <Link to={`/app/${PROFILE_PATH}`} className="header-user" title="Your profile">
            {name}
          </Link>
        ) : (
          <span className="header-user">{name}</span>
        )}
        <button
          type="button"
          className="button header-sign-out"
          onClick={() => void onSignOut()}
          disabled={signingOut}
        >
          Sign Out
        </button>
        <AccountMenu
          name={name}
          email={user.email}
          profilePath={hasPage(PROFILE_PATH, pages) ? `/app/${PROFILE_PATH}` : null}
          onFeedback={onFeedback}
          onSignOut={() => void onSignOut()}
          signingOut={signingOut}
          buttonRef={accountButtonRef}
        />
      </div>
    </header>
  );
}
