import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * The supervisor area's page chunks. They are listed here, in the chunk of the area's route table,
 * rather than in pages.ts, so the table every visitor downloads does not carry them; the size
 * budgets (scripts/size-limit-routes.ts) read both lists.
 */
export const superadminPages = {
  superadminGroups: () => import('../../features/superadmin/records/GroupsPage'),
  superadminGroup: () => import('../../features/superadmin/records/GroupProfilePage'),
  superadminMembers: () => import('../../features/superadmin/records/MembersPage'),
  superadminMember: () => import('../../features/superadmin/records/MemberProfilePage'),
  superadminUsers: () => import('../../features/superadmin/records/UsersPage'),
  superadminUser: () => import('../../features/superadmin/records/UserProfilePage'),
  superadminAuditLogs: () => import('../../features/superadmin/records/AuditLogPage'),
  superadminRecordsData: () => import('../../features/superadmin/records/recordsLoaders'),
  superadminMonitor: () => import('../../features/superadmin/ops/MonitorRoute'),
  superadminMonitorData: () => import('../../features/superadmin/ops/monitorLoader'),
  superadminRobotLogs: () => import('../../features/superadmin/ops/RobotLogsRoute'),
  superadminRobotLogChart: () => import('../../features/superadmin/ops/RobotLogChartRoute'),
  superadminRobotLogsData: () => import('../../features/superadmin/ops/robotLogsLoader'),
  superadminJobs: () => import('../../features/superadmin/ops/JobsRoute'),
};

export type SuperadminPageName = keyof typeof superadminPages;

/** A supervisor route whose element comes from its page's chunk (as pages.ts `lazyElement`). */
export function lazySuperadminElement<Page extends SuperadminPageName>(
  page: Page,
  render: (module: Awaited<ReturnType<(typeof superadminPages)[Page]>>) => ReactNode,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render((await superadminPages[page]()) as Awaited<ReturnType<(typeof superadminPages)[Page]>>) }) };
}
