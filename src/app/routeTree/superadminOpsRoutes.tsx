import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { boundToSession } from '../loaders/signedInLoaders';
import { guardAccess } from '../loaders/sessionGate';
import { lazySuperadminElement, superadminPages } from './superadminPageChunks';

/** A supervisor page's loader: it runs beside the area's guard, so it lets in supervisors only itself. */
function supervisorPageLoader<Data>(deps: AppDeps, load: (request: Request) => Promise<Data>) {
  return boundToSession(deps, async ({ request }: LoaderFunctionArgs) => {
    await guardAccess(deps.session, 'supervisor', request.signal);
    return load(request);
  });
}

/** The supervisor's view of the running system: the monitor, the robot's logs and the background tasks. */
export function superadminOpsRoutes(deps: AppDeps): RouteObject[] {
  return [
    {
      id: 'superadmin_monitor',
      path: 'monitor',
      ...supervisorPageLoader(deps, async (request) => (await superadminPages.superadminMonitorData()).monitorLoaderData(deps.api, request)),
      ...lazySuperadminElement('superadminMonitor', ({ MonitorRoute }) => <MonitorRoute />),
    },
    {
      id: 'superadmin_robot_logs',
      path: 'robot_logs',
      children: [
        { index: true, element: <Navigate to="browse" replace /> },
        {
          id: 'superadmin_robot_logs_browse',
          path: 'browse',
          ...supervisorPageLoader(deps, async (request) => (await superadminPages.superadminRobotLogsData()).robotLogsLoaderData(deps.api, request)),
          ...lazySuperadminElement('superadminRobotLogs', ({ RobotLogsRoute }) => <RobotLogsRoute />),
        },
        {
          id: 'superadmin_robot_logs_chart',
          path: 'chart',
          ...supervisorPageLoader(deps, async (request) => (await superadminPages.superadminRobotLogsData()).robotLogChartLoaderData(deps.api, request)),
          ...lazySuperadminElement('superadminRobotLogChart', ({ RobotLogChartRoute }) => <RobotLogChartRoute />),
        },
      ],
    },
    {
      id: 'superadmin_sidekiq',
      path: 'sidekiq',
      ...lazySuperadminElement('superadminJobs', ({ JobsRoute }) => <JobsRoute api={deps.api} />),
    },
  ];
}
