import { eq } from 'drizzle-orm';
import type { Schemas } from '../../rules/contract';
import { MEMBER_LIST_DEFAULTS, MEMBER_PER_PAGE_OPTIONS } from '../../rules/memberLists';
import type { AppDb } from '../db/connect';
import type { UserSettings } from '../db/json-types';
import { users } from '../db/schema';
import { recordAudit } from './audit';

export type EffectiveUserSettings = Schemas['UserSettings'];
export type UserSettingsPatch = Schemas['UserSettingsPatch'];

/** Every setting with its value for a user who never set it: the browser's time zone, the members list's page size, emails on. */
export const USER_SETTING_DEFAULTS: EffectiveUserSettings = {
  timezone: null,
  members_per_page: MEMBER_LIST_DEFAULTS.per_page,
  email_notifications: true,
};

export interface UserSettingsChange {
  userId: number;
  patch: UserSettingsPatch;
  ip: string;
  at: Date;
}

/** Whether the runtime knows the name as an IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The stored settings that still hold a value the contract admits, over the defaults. */
export function effectiveUserSettings(stored: UserSettings): EffectiveUserSettings {
  const { timezone, members_per_page: perPage, email_notifications: emails } = stored;
  return {
    timezone: typeof timezone === 'string' && isTimeZone(timezone) ? timezone : USER_SETTING_DEFAULTS.timezone,
    members_per_page: (MEMBER_PER_PAGE_OPTIONS as readonly unknown[]).includes(perPage)
      ? (perPage as EffectiveUserSettings['members_per_page'])
      : USER_SETTING_DEFAULTS.members_per_page,
    email_notifications: typeof emails === 'boolean' ? emails : USER_SETTING_DEFAULTS.email_notifications,
  };
}

export async function readUserSettings(db: AppDb, userId: number): Promise<EffectiveUserSettings> {
  const [row] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new Error(`user ${userId} has a session but no record`);
  return effectiveUserSettings(row.settings);
}

/** Saves the keys sent with the user row locked, and a settings_updated audit of the user (each changed key to [old, new]) in the same transaction. */
export async function changeUserSettings(db: AppDb, change: UserSettingsChange): Promise<EffectiveUserSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ settings: users.settings }).from(users).where(eq(users.id, change.userId)).for('update');
    if (!row) throw new Error(`user ${change.userId} has a session but no record`);
    const before = effectiveUserSettings(row.settings);
    const diff: Record<string, [unknown, unknown]> = {};
    for (const [key, value] of Object.entries(change.patch) as [keyof EffectiveUserSettings, unknown][]) {
      if (before[key] !== value) diff[key] = [before[key], value];
    }
    if (Object.keys(diff).length === 0) return before;
    const settings = { ...before, ...change.patch };
    await tx.update(users).set({ settings, updated_at: change.at }).where(eq(users.id, change.userId));
    await recordAudit(tx, { kind: 'settings_updated', userId: change.userId, data: { ip: change.ip, diff }, at: change.at });
    return settings;
  });
}
