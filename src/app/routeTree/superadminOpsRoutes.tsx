import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { boundToSession } from '../loaders/signedInLoaders';
import { guardAccess } from '../loaders/sessionGate';
import { lazyElement, pages } from './pages';

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
      ...supervisorPageLoader(deps, async (request) => (await pages.superadminMonitorData()).monitorLoaderData(deps.api, request)),
      ...lazyElement('superadminMonitor', ({ MonitorRoute }) => <MonitorRoute />),
    },
    {
      id: 'superadmin_robot_logs',
      path: 'robot_logs',
      children: [
        { index: true, element: <Navigate to="browse" replace /> },
        {
          id: 'superadmin_robot_logs_browse',
          path: 'browse',
          ...supervisorPageLoader(deps, async (request) => (await pages.superadminRobotLogsData()).robotLogsLoaderData(deps.api, request)),
          ...lazyElement('superadminRobotLogs', ({ RobotLogsRoute }) => <RobotLogsRoute />),
        },
        {
          id: 'superadmin_robot_logs_chart',
          path: 'chart',
          ...supervisorPageLoader(deps, async (request) => (await pages.superadminRobotLogsData()).robotLogChartLoaderData(deps.api, request)),
          ...lazyElement('superadminRobotLogChart', ({ RobotLogChartRoute }) => <RobotLogChartRoute />),
        },
      ],
    },
    {
      id: 'superadmin_sidekiq',
      path: 'sidekiq',
      ...lazyElement('superadminJobs', ({ JobsRoute }) => <JobsRoute api={deps.api} />),
    },
  ];
}
