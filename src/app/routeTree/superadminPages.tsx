import type { RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { superadminOpsRoutes } from './superadminOpsRoutes';
import { superadminRecordRoutes } from './superadminRecordRoutes';

/** The supervisor area's pages, loaded with their route table the first time a supervisor goes there. */
export function superadminPageRoutes(deps: AppDeps): RouteObject[] {
  return [...superadminRecordRoutes(deps), ...superadminOpsRoutes(deps)];
}
