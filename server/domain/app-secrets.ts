import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { app_secrets } from '../db/schema';

export type AppSecretName = 'sandbox_sign_in_key';

export async function readAppSecret(db: AppDb, name: AppSecretName): Promise<string | undefined> {
  const [row] = await db.select({ value: app_secrets.value }).from(app_secrets).where(eq(app_secrets.name, name)).limit(1);
  return row?.value;
}

/** The installation's secret of that name, generated on first use; processes racing to create it agree on one. */
export async function ensureAppSecret(db: AppDb, name: AppSecretName): Promise<string> {
  await db
    .insert(app_secrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: app_secrets.name });
  const value = await readAppSecret(db, name);
  if (value === undefined) throw new Error(`app secret ${name} vanished right after it was created`);
  return value;
}
