import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { createSupervisorLoader } from '../loaders/signedInLoaders';
import { lazyElement } from './pages';

export const SUPERADMIN_ROUTE_ID = 'superadmin';

/**
 * The supervisor area (part 2 §2); non-supervisors are sent home. Its pages' routes are not in the
 * table every visitor downloads: `superadminPagesPatch` adds them the first time an address under
 * /superadmin/ is opened.
 */
export function superadminRoutes(deps: AppDeps): RouteObject {
  return {
    id: SUPERADMIN_ROUTE_ID,
    path: 'superadmin',
    loader: createSupervisorLoader(deps),
    ...lazyElement('superadminLayout', ({ SuperadminLayout }) => <SuperadminLayout />),
    children: [{ index: true, element: <Navigate to="monitor" replace /> }],
  };
}
