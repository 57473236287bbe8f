import type { ReactNode, Ref } from 'react';
import { useNavigate } from 'react-router';
import { Menu, type MenuItem } from '../components/Menu';

/** What the account menu shows and does (AccountMenu passes it through to the list). */
export interface AccountMenuProps {
  name: string;
  email: string;
  /** The profile page's address, when the app has one. */
  profilePath: string | null;
  onFeedback(): void;
  onSignOut(): void;
  signingOut: boolean;
  /** The menu's button (Send feedback's form gives focus back to it). */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The account menu itself (loaded after the shell: the menu code is not in the app's first load). */
export function AccountMenuList({
  label,
  name,
  email,
  profilePath,
  onFeedback,
  onSignOut,
  signingOut,
  buttonRef,
}: AccountMenuProps & { label: ReactNode }) {
  const navigate = useNavigate();
  const items: MenuItem[] = [
    ...(profilePath ? [{ label: 'Your profile', onSelect: () => navigate(profilePath) }] : []),
    { label: 'Send feedback', onSelect: onFeedback },
    { label: 'Sign Out', onSelect: onSignOut, disabled: signingOut },
  ];
  return (
    <Menu
      label={label}
      triggerRef={buttonRef}
      triggerClassName="account-menu-trigger"
      caret={false}
      align="end"
      heading={
        <>
          <span className="account-menu-name">{name}</span>
          {email && <span className="account-menu-email">{email}</span>}
        </>
      }
      items={items}
    />
  );
}
