import type { ReactNode, Ref } from 'react';
import { useNavigate } from 'react-router';
import { Menu, type MenuItem } from '../components/Menu';

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
}: {
  label: ReactNode;
  buttonRef?: Ref<HTMLButtonElement>;
  name: string;
  email: string;
  profilePath: string | null;
  onFeedback(): void;
  onSignOut(): void;
  signingOut: boolean;
}) {
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
