import { DEFAULT_GROUP_SETTINGS } from '../db/group-defaults';
import type { GroupSettings } from '../db/json-types';
import type { audit_logs, robot_jobs, robot_logs } from '../db/schema';
import { SANDBOX_ACCOUNTS } from './accounts';
import { membersScanMinutes, type ScannedGroup } from './seed-scan';
import type { SeedIds } from './seed-ids';
import { accountSignedUpAt } from './seed-users';
import { daysAfter, daysBefore, minutesAfter } from './seed-time';
import { hashInts } from './random';
import type { SandboxWorld } from './world';

type AuditLogInsert = typeof audit_logs.$inferInsert;
type RobotJobInsert = typeof robot_jobs.$inferInsert;
type RobotLogInsert = typeof robot_logs.$inferInsert;

const WEEKS_OF_SCANS = 8;
const ROBOT_VERSIONS = ['3.3.0', '3.4.1', '3.4.2'];

function ipFor(world: SandboxWorld, ...parts: number[]): string {
  return `203.0.113.${1 + (hashInts(world.seed, ...parts) % 254)}`;
}

/** Sign-ups, sign-ins and sign-outs of every account. */
export function accountAuditLogs(world: SandboxWorld, ids: SeedIds): AuditLogInsert[] {
  return SANDBOX_ACCOUNTS.flatMap((account, index) => {
    const user_id = ids.user(account.key);
    const signedUpAt = accountSignedUpAt(world, account.key);
    const ip = ipFor(world, index, 51);
    const rows: AuditLogInsert[] = [
      { user_id, kind: 'user_registered', data: { ip }, created_at: signedUpAt },
      { user_id, kind: 'sign_in', data: { ip }, created_at: minutesAfter(signedUpAt, 1) },
    ];
    const daysSinceSignUp = Math.floor((world.now.getTime() - signedUpAt.getTime()) / 86_400_000);
    for (let daysAgo = 1; daysAgo < daysSinceSignUp; daysAgo += 17) {
      const at = daysBefore(world.now, daysAgo);
      rows.push({ user_id, kind: 'sign_in', data: { ip: ipFor(world, index, daysAgo) }, created_at: at });
      if (daysAgo % 3 === 0) rows.push({ user_id, kind: 'sign_out', data: {}, created_at: minutesAfter(at, 95) });
    }
    return rows;
  });
}

/** Connection, scans, subscription events and admin changes of one connected group. */
export function groupAuditLogs(world: SandboxWorld, scanned: ScannedGroup, ids: SeedIds): AuditLogInsert[] {
  const { definition, connectedAt } = scanned;
  const group_id = ids.group(definition.key);
  const user_id = ids.user(definition.holder);
  const ip = ipFor(world, scanned.layout.index, 52);
  const rows: AuditLogInsert[] = [
    { group_id, user_id, kind: 'group_acquired', data: { ip }, created_at: connectedAt },
    { group_id, user_id, kind: 'members_scan', data: { count: scanned.layout.group.size }, created_at: minutesAfter(connectedAt, 2) },
    { group_id, user_id, kind: 'engagements_scan', data: { count: 10 }, created_at: minutesAfter(connectedAt, 30) },
  ];
  for (let week = WEEKS_OF_SCANS; week >= 0; week -= 1) {
    const membersAt = daysBefore(scanned.membersScannedAt, week * 7);
    rows.push(
      { group_id, user_id, kind: 'members_scan', data: { count: scanned.layout.group.size }, created_at: membersAt },
      { group_id, user_id, kind: 'engagements_scan', data: { count: scanned.settings.engagement_sync_posts_back }, created_at: minutesAfter(membersAt, 25) },
    );
  }
  rows.push(...subscriptionAuditLogs(world, scanned, group_id, user_id, ip));
  for (const membership of scanned.memberships) {
    if (membership.holder !== 'granted' || !membership.granted_at) continue;
    rows.push({
      group_id,
      user_id,
      member_id: ids.member(membership.person.fb_user_id),
      kind: 'member_role_updated',
      data: { ip, diff: { role: ['subscriber', 'admin'] } },
      created_at: membership.granted_at,
    });
  }
  const changed = Object.keys(definition.settings) as Array<keyof GroupSettings>;
  if (changed.length > 0) {
    const diff = Object.fromEntries(
      changed.map((field): [string, [unknown, unknown]] => [field, [DEFAULT_GROUP_SETTINGS[field], scanned.settings[field]]]),
    );
    rows.push({ group_id, user_id, kind: 'settings_updated', data: { ip, diff }, created_at: daysAfter(connectedAt, 3) });
  }
  return rows;
}

function subscriptionAuditLogs(
  world: SandboxWorld,
  scanned: ScannedGroup,
  group_id: number,
  user_id: number,
  ip: string,
): AuditLogInsert[] {
  const { definition } = scanned;
  if (definition.subscribedDaysAgo === null) return [];
  const subscribedAt = daysBefore(world.now, definition.subscribedDaysAgo);
  const rows: AuditLogInsert[] = [
    { group_id, user_id, kind: 'subscription_attempt', data: { ip, plan: definition.plan }, created_at: subscribedAt },
    { group_id, user_id, kind: 'subscription_success', data: { ip, plan: definition.plan }, created_at: minutesAfter(subscribedAt, 1) },
  ];
  for (let attempt = 0; attempt < definition.countPaymentError; attempt += 1) {
    const at = daysBefore(world.now, 14 - attempt * 5);
    rows.push(
      { group_id, user_id, kind: 'subscription_attempt', data: { ip, plan: definition.plan }, created_at: at },
      { group_id, user_id, kind: 'subscription_error', data: { ip, message: 'Your card was declined.' }, created_at: minutesAfter(at, 1) },
    );
  }
  return rows;
}

/** The last members scan and engagements scan, both finished. */
export function groupRobotJobs(scanned: ScannedGroup, ids: SeedIds): RobotJobInsert[] {
  const { layout, definition, settings } = scanned;
  const args = { id: ids.group(definition.key), fb_group_id: layout.group.fb_group_id, fb_slug: layout.group.fb_slug, name: layout.group.name };
  const postsSeen = Math.min(settings.engagement_sync_posts_back, scanned.posts.length);
  return [
    {
      group_id: args.id,
      user_id: ids.user(definition.holder),
      name: 'fetch_group_members',
      status: 'completed',
      progress: layout.group.size,
      total: layout.group.size,
      args,
      started_at: scanned.membersScannedAt,
      finished_at: minutesAfter(scanned.membersScannedAt, membersScanMinutes(layout.group.size)),
    },
    {
      group_id: args.id,
      user_id: ids.user(definition.holder),
      name: 'fetch_group_posts',
      status: 'completed',
      progress: postsSeen,
      total: postsSeen,
      args: { ...args, settings },
      started_at: scanned.engagementsScannedAt,
      finished_at: minutesAfter(scanned.engagementsScannedAt, 4),
    },
  ];
}

const ROBOT_LOG_SCRIPT: ReadonlyArray<Pick<RobotLogInsert, 'level' | 'message'> & { minutes: number }> = [
  { level: 'info', message: 'Members scan started', minutes: 0 },
  { level: 'debug', message: 'Opened the members page', minutes: 0.2 },
  { level: 'debug', message: 'Fetched a page of members', minutes: 1 },
  { level: 'warning', message: 'Rate limited by the network, waiting 30 s', minutes: 2 },
  { level: 'info', message: 'Members scan completed', minutes: 4 },
  { level: 'info', message: 'Engagements scan started', minutes: 25 },
  { level: 'error', message: 'Could not open a post: timeout after 20 s', minutes: 27 },
  { level: 'info', message: 'Engagements scan completed', minutes: 29 },
];

export function groupRobotLogs(world: SandboxWorld, scanned: ScannedGroup, ids: SeedIds): RobotLogInsert[] {
  const { layout, definition } = scanned;
  const robot_version = ROBOT_VERSIONS[hashInts(world.seed, layout.index, 61) % ROBOT_VERSIONS.length]!;
  const exec_id = `exec-${layout.group.fb_group_id.slice(-6)}-${utcDayCompact(scanned.membersScannedAt)}`;
  return ROBOT_LOG_SCRIPT.map(({ level, message, minutes }) => ({
    user_id: ids.user(definition.holder),
    group_id: ids.group(definition.key),
    robot_version,
    level,
    message,
    exec_id,
    data: { fb_group_id: layout.group.fb_group_id },
    created_at: new Date(scanned.membersScannedAt.getTime() + minutes * 60_000),
  }));
}

function utcDayCompact(moment: Date): string {
  return moment.toISOString().slice(0, 10).replaceAll('-', '');
}
