import type { AppDb } from '../db/connect';
import { app_toggles } from '../db/schema';
import { DEFAULT_APP_TOGGLES } from '../db/app-toggle-defaults';
import type { AppToggleName } from '../db/enums';

export type AppToggles = Record<AppToggleName, boolean>;

/** The feature toggles in force: stored values over the defaults of a fresh installation. */
export async function readToggles(db: AppDb): Promise<AppToggles> {
  const rows = await db.select().from(app_toggles);
  const toggles = { ...DEFAULT_APP_TOGGLES };
  for (const row of rows) {
    if (row.name in toggles && typeof row.value === 'boolean') toggles[row.name as AppToggleName] = row.value;
  }
  return toggles;
}

/** Sets one feature toggle; it applies to every server process from the next request on. */
export async function setToggle(db: AppDb, name: AppToggleName, value: boolean): Promise<void> {
  await db.insert(app_toggles).values({ name, value }).onConflictDoUpdate({ target: app_toggles.name, set: { value } });
}
