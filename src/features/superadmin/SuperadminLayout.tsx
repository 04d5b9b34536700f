import { NavLink, Outlet, useMatches } from 'react-router-dom';
import { pathTo, type RouteName } from '../../app/routes';
import './superadmin.css';

const SECTIONS: Array<{ route: RouteName; label: string; icon: string }> = [
  { route: 'superadmin_monitor', label: 'Monitor', icon: 'pi-chart-line' },
  { route: 'superadmin_groups', label: 'Groups', icon: 'pi-sitemap' },
  { route: 'superadmin_members', label: 'Members', icon: 'pi-users' },
  { route: 'superadmin_users', label: 'Users', icon: 'pi-user' },
  { route: 'superadmin_audit_logs', label: 'Audit logs', icon: 'pi-history' },
  { route: 'superadmin_robot_logs', label: 'Robot logs', icon: 'pi-android' },
  { route: 'superadmin_sidekiq', label: 'Background jobs', icon: 'pi-cog' },
];

/** The routes laid out across the whole width (part 2 §2: the background tasks page). */
const FLUID_ROUTES: ReadonlySet<string> = new Set<RouteName>(['superadmin_sidekiq']);

/** The supervisor area's frame: its sections as tabs over the page of the one chosen. */
export function SuperadminLayout() {
  const fluid = useMatches().some((match) => FLUID_ROUTES.has(match.id));
  return (
    <div className={fluid ? 'superadmin superadmin--fluid' : 'superadmin'}>
      <nav className="superadmin__nav" aria-label="Supervisor area">
        {SECTIONS.map(({ route, label, icon }) => (
          <NavLink key={route} to={pathTo(route)} className="superadmin__tab">
            <span className={`pi ${icon}`} aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
