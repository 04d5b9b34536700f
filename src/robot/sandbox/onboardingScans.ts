import type { RobotArgs, RobotResult } from '../protocol';
import { call, type CommandContext } from './calls';

/** fetch_user_groups: the groups the user belongs to on the network, stored with their role. */
export async function scanUserGroups(ctx: CommandContext): Promise<RobotResult<'fetch_user_groups'>> {
  const { api, headers, signal } = ctx;
  const { groups: scanned } = await call(
    ctx,
    () => api.GET('/sandbox/network/groups', { headers, signal }),
    'Your groups could not be read from the social network',
  );
  await ctx.wait(ctx.pacing.onboardingScanDelayMs, signal);
  ctx.onProgress?.({ command: ctx.command, groupId: null, done: scanned.length, total: scanned.length });
  const { groups } = await call(
    ctx,
    () => api.POST('/robot/user_groups', { body: { groups: scanned }, headers, signal }),
    'The robot could not store your groups',
  );
  return { groups, scanned };
}

/** fetch_group_owners: the group's admins on the network, stored to confirm ownership. */
export async function scanGroupOwners(ctx: CommandContext, group: RobotArgs<'fetch_group_owners'>): Promise<RobotResult<'fetch_group_owners'>> {
  const { api, headers, signal } = ctx;
  const { admins } = await call(
    ctx,
    () => api.GET('/sandbox/network/groups/{fb_group_id}/admins', { params: { path: { fb_group_id: group.fb_group_id } }, headers, signal }),
    `The admins of ${group.name} could not be read`,
  );
  await ctx.wait(ctx.pacing.onboardingScanDelayMs, signal);
  ctx.onProgress?.({ command: ctx.command, groupId: group.id, done: admins.length, total: admins.length });
  const { permissions } = await call(
    ctx,
    () => api.POST('/robot/groups/{id}/owners', { params: { path: { id: group.id } }, body: { admins }, headers, signal }),
    'The robot could not store the group admins',
  );
  return { admins: admins.length, permissions };
}
