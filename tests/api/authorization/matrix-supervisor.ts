import type { MatrixRow } from './matrix';

/** The supervisor area's operations (part 2 §2, §7): staff only, so every other role hears 404. */
export const SUPERVISOR_ROWS: Record<string, MatrixRow> = {
  listSupervisorGroups: { access: 'supervisor' },
  getSupervisorGroup: { access: 'supervisor' },
  updateSupervisorGroup: { access: 'supervisor' },
  listSupervisorMembers: { access: 'supervisor' },
  getSupervisorMember: { access: 'supervisor' },
  listSupervisorUsers: { access: 'supervisor' },
  getSupervisorUser: { access: 'supervisor' },
  updateSupervisorUser: { access: 'supervisor' },
  listSupervisorAuditLogs: { access: 'supervisor' },
  listSupervisorRobotLogs: { access: 'supervisor' },
  getSupervisorRobotLogChart: { access: 'supervisor' },
  listSupervisorPosts: { access: 'supervisor' },
  getSupervisorMonitor: { access: 'supervisor' },
  listSupervisorJobs: { access: 'supervisor' },
  retrySupervisorJob: { access: 'supervisor' },
};
