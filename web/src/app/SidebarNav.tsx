import { useId } from 'react';
import { NavLink } from 'react-router';
import type { AppPage, NavGroup } from './pages';

/** The app's navigation (spec 1 §2 App shell): 'Dashboards' and 'Setup & Tools', only pages that exist. */
const GROUPS: NavGroup[] = ['Dashboards', 'Setup & Tools'];

export function SidebarNav({ pages, onNavigate }: { pages: readonly AppPage[]; onNavigate?: () => void }) {
  const id = useId();
  return (
    <nav className="sidebar-nav" aria-label="Main">
      {GROUPS.map((group, index) => {
        const entries = [
          ...(group === 'Dashboards' ? [{ path: '', label: 'Family Overview' }] : []),
          ...pages.filter((p) => p.group === group),
        ];
        if (entries.length === 0) return null;
        return (
          <div className="nav-group" key={group}>
            <h2 id={`${id}-${index}`}>{group}</h2>
            <ul aria-labelledby={`${id}-${index}`}>
              {entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink
                    to={entry.path ? `/app/${entry.path}` : '/app'}
                    end={!entry.path}
                    onClick={onNavigate}
                    data-tour={`nav-${entry.path || 'overview'}`}
                  >
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
