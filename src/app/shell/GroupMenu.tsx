import { NavLink } from 'react-router-dom';
import { groupMenuItems, type GroupSection } from './groupMenuItems';
import type { Group, User } from './types';
import { UpgradeMenuItem } from './UpgradeMenuItem';

const ICON: Record<GroupSection, string> = {
  dashboard: 'pi-chart-bar',
  members: 'pi-users',
  posts: 'pi-file-edit',
  logs: 'pi-history',
  permissions: 'pi-shield',
  connections: 'pi-link',
  settings: 'pi-cog',
};

export interface GroupMenuProps {
  group: Group;
  user: User;
}

/** The pages of the current group, the active one highlighted, and the group's upgrade offer. */
export function GroupMenu({ group, user }: GroupMenuProps) {
  const { links, upgrade } = groupMenuItems(group, user);
  return (
    <nav className="group-menu" aria-label="Group menu">
      <ul className="group-menu__list">
        {links.map((link) => (
          <li key={link.section}>
            <NavLink to={link.to} className="group-menu__link">
              <span className={`group-menu__icon pi ${ICON[link.section]}`} aria-hidden="true" />
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {upgrade && <UpgradeMenuItem item={upgrade} />}
    </nav>
  );
}
