import { eq } from 'drizzle-orm';
import { settingsOverLimit, type GroupLimits as EngagementSyncLimits } from '../../rules/groupSettings';
import type { AppDb } from '../db/connect';
import { DEFAULT_GROUP_SETTINGS, GROUP_LIMITS_BY_PLAN } from '../db/group-defaults';
import type { GroupLimits, GroupSettings } from '../db/json-types';
import { groups } from '../db/schema';
import { recordAudit } from './audit';

/** A group's engagement-sync settings and how far back its plan lets them reach. */
export interface GroupSettingsView {
  settings: GroupSettings;
  limits: EngagementSyncLimits;
}

export interface SettingsChange {
  groupId: number;
  userId: number;
  patch: Partial<GroupSettings>;
  ip: string;
  at: Date;
}

export type SettingsOutcome = { saved: GroupSettingsView } | { refused: 'limit_exceeded'; limits: EngagementSyncLimits } | { refused: 'not_found' };

/** The group's days and posts limits; the plan's (purchases write them, GROUP_LIMITS_BY_PLAN) fill in what is not stored. */
function engagementSyncLimits(stored: Partial<GroupLimits>): EngagementSyncLimits {
  const limits = { ...GROUP_LIMITS_BY_PLAN.free, ...stored };
  return { engagement_sync_days_back: limits.engagement_sync_days_back, engagement_sync_posts_back: limits.engagement_sync_posts_back };
}

function settingsView(row: { settings: Partial<GroupSettings>; limits: Partial<GroupLimits> }): GroupSettingsView {
  return { settings: { ...DEFAULT_GROUP_SETTINGS, ...row.settings }, limits: engagementSyncLimits(row.limits) };
}

export async function readGroupSettings(db: AppDb, groupId: number): Promise<GroupSettingsView | undefined> {
  const [row] = await db.select({ settings: groups.settings, limits: groups.limits }).from(groups).where(eq(groups.id, groupId)).limit(1);
  return row && settingsView(row);
}

/**
 * Saves the keys sent with the group row locked, and its settings_updated audit (each changed key
 * to [old, new]) in the same transaction. A days or posts value above the group's limit refuses
 * the whole change; values equal to the saved ones write nothing.
 */
export async function changeGroupSettings(db: AppDb, change: SettingsChange): Promise<SettingsOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ settings: groups.settings, limits: groups.limits }).from(groups).where(eq(groups.id, change.groupId)).for('update');
    if (!row) return { refused: 'not_found' };
    const before = settingsView(row);
    if (settingsOverLimit(change.patch, before.limits).length > 0) return { refused: 'limit_exceeded', limits: before.limits };
    const diff: Record<string, [unknown, unknown]> = {};
    for (const [key, value] of Object.entries(change.patch) as [keyof GroupSettings, GroupSettings[keyof GroupSettings]][]) {
      if (before.settings[key] !== value) diff[key] = [before.settings[key], value];
    }
    if (Object.keys(diff).length === 0) return { saved: before };
    const settings = { ...before.settings, ...change.patch };
    await tx
      .update(groups)
      .set({ settings, updated_at: change.at })
      .where(eq(groups.id, change.groupId));
    await recordAudit(tx, { kind: 'settings_updated', userId: change.userId, groupId: change.groupId, data: { ip: change.ip, diff }, at: change.at });
    return { saved: { settings, limits: before.limits } };
  });
}
