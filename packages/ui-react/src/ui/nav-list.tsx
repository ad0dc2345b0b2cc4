import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './nav-list.css';

export interface NavEntry {
  path: string;
  label: string;
  icon?: ReactNode;
}

export interface NavGroup {
  /** The group's heading; none for a flat list. */
  title?: string;
  entries: readonly NavEntry[];
}

/**
 * A site's navigation as links, grouped under headings: the pattern WAI-ARIA's authoring practices
 * give for moving between pages (a `menu` role is for an application's commands, and makes a
 * screen reader expect arrow keys instead of Tab). The current page's link has
 * `aria-current="page"`. `collapsed` shows the icons only: each link keeps its whole text as its
 * name, hidden from sight, and shows it as a tooltip.
 */
export function NavList({ groups, current, collapsed = false, className }: { groups: readonly NavGroup[]; current?: string; collapsed?: boolean; className?: string }) {
  return (
    <div className={['gportal-nav', collapsed ? 'gportal-nav-collapsed' : '', className ?? ''].filter(Boolean).join(' ')}>
      {groups.map(({ title, entries }, index) => (
        <div key={title ?? index} className="gportal-nav-group">
          {title && !collapsed ? <div className="gportal-nav-group-title">{title}</div> : null}
          <ul>
            {entries.map(({ path, label, icon }) => (
              <li key={path}>
                <Link to={path} aria-current={path === current ? 'page' : undefined} title={collapsed ? label : undefined} className="gportal-nav-link">
                  {icon ? <span className="gportal-nav-icon">{icon}</span> : null}
                  <span className="gportal-nav-label">{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
