import { useNavigate } from 'react-router';
import { initials } from '../../../functions/domain/identity';
import { Menu, type MenuItem } from '../components/Menu';

/**
 * The header's account menu on a phone, where the name and Sign Out do not fit beside the menu button and
 * the brand: a round button with the person's initials (named 'Account menu' and their name) opening their
 * full name and e-mail, the profile (when that page exists), Send feedback (the floating button is not shown
 * on a phone) and Sign Out. Larger screens show the name and Sign Out in the header instead.
 */
export function AccountMenu({
  name,
  email,
  profilePath,
  onFeedback,
  onSignOut,
  signingOut,
}: {
  name: string;
  email: string;
  /** The profile page's address, when the app has one. */
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
    <div className="account-menu">
      <Menu
        label={
          <>
            <span aria-hidden="true" className="account-initials">
              {initials(name)}
            </span>
            <span className="visually-hidden">Account menu: {name}</span>
          </>
        }
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
    </div>
  );
}
