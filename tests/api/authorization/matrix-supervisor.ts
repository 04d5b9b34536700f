import type { AppDb } from '../../../server/db/connect';
import { tasks } from '../../../server/db/schema';
import type { MatrixRow } from './matrix';

/** A failed task of the role world's group, made for the call, so each allowed caller has one to retry. */
async function failedTask(db: AppDb, groupId: number): Promise<number> {
  const [task] = await db
    .insert(tasks)
    .values({ kind: 'match_customers', group_id: groupId, status: 'failed', attempts: 1, error: 'The provider did not answer' })
    .returning({ id: tasks.id });
  return task!.id;
}

/** The supervisor area's operations (part 2 §2, §7): staff only, so every other role hears 404. */
export const SUPERVISOR_ROWS: Record<string, MatrixRow> = {
  listSupervisorGroups: { access: 'supervisor', built: { status: 200 } },
  getSupervisorGroup: { access: 'supervisor', built: { status: 200 } },
  updateSupervisorGroup: {
    access: 'supervisor',
    built: {
      status: 200,
      request: () => ({ body: { is_manual_subscription: true } }),
      crossTenant: { none: 'editing any group is the supervisor’s staff power; nobody else reaches the call' },
    },
  },
  listSupervisorMembers: { access: 'supervisor', built: { status: 200 } },
  getSupervisorMember: { access: 'supervisor', built: { status: 200, request: (world) => ({ path: { id: world.memberId } }) } },
  listSupervisorUsers: { access: 'supervisor', built: { status: 200 } },
  getSupervisorUser: { access: 'supervisor', built: { status: 200, request: (world) => ({ path: { id: world.userIds.groupAdmin } }) } },
  updateSupervisorUser: {
    access: 'supervisor',
    built: {
      status: 200,
      request: (world) => ({ path: { id: world.userIds.groupAdmin }, body: { first_name: 'Edited' } }),
      crossTenant: { none: 'editing any user is the supervisor’s staff power; nobody else reaches the call' },
    },
  },
  listSupervisorAuditLogs: { access: 'supervisor', built: { status: 200 } },
  listSupervisorRobotLogs: { access: 'supervisor', built: { status: 200 } },
  getSupervisorRobotLogChart: { access: 'supervisor', built: { status: 200 } },
  listSupervisorPosts: { access: 'supervisor', built: { status: 200 } },
  getSupervisorMonitor: { access: 'supervisor', built: { status: 200 } },
  listSupervisorJobs: { access: 'supervisor', built: { status: 200 } },
  retrySupervisorJob: {
    access: 'supervisor',
    built: {
      status: 200,
      request: async (world, { db }) => ({ path: { id: await failedTask(db, world.group.id) } }),
      crossTenant: { none: 'queueing a failed task again is the supervisor’s staff power over every group; nobody else reaches the call' },
    },
  },
};
