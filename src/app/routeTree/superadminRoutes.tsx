import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { createSupervisorLoader } from '../loaders/signedInLoaders';
import { lazyElement } from './pages';
import { superadminOpsRoutes } from './superadminOpsRoutes';
import { superadminRecordRoutes } from './superadminRecordRoutes';

/** The supervisor area (part 2 §2); non-supervisors are sent home. */
export function superadminRoutes(deps: AppDeps): RouteObject {
  return {
    id: 'superadmin',
    path: 'superadmin',
    loader: createSupervisorLoader(deps),
    ...lazyElement('superadminLayout', ({ SuperadminLayout }) => <SuperadminLayout />),
    children: [{ index: true, element: <Navigate to="monitor" replace /> }, ...superadminRecordRoutes(deps), ...superadminOpsRoutes(deps)],
  };
}
