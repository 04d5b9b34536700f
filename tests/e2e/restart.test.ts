import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startProductServer } from './support/product-server';
import { copyOfWorld } from './support/world-template';

/**
 * The run's world template is what the first start on an empty data folder left (support/global-setup.ts):
 * this file restarts on a copy of it rather than seeding the world a second time.
 */
const dataDir = copyOfWorld('restart');

async function withDatabase<T>(use: (client: PGlite) => Promise<T>): Promise<T> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

async function countRows(client: PGlite, table: string): Promise<number> {
  const result = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
  return result.rows[0].count;
}

describe('stopping and starting keeps the data', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the sandbox world once, and a restart serves what was stored before', async () => {
    expect(inject('worldCreatorOutput')).toContain('Created the sandbox world');

    const before = await withDatabase(async (client) => {
      await client.query(`UPDATE app_toggles SET value = 'true'::jsonb WHERE name = 'login_disabled'`);
      return { users: await countRows(client, 'users'), memberships: await countRows(client, 'memberships') };
    });
    expect(before.users).toBeGreaterThan(0);

    const second = await startProductServer(dataDir);
    try {
      const status = await (await fetch(`${second.url}/api/v1/status`)).json();
      expect(status.features.login_disabled).toBe(true);
    } finally {
      await second.stop();
    }
    expect(second.output()).not.toContain('Created the sandbox world');

    const after = await withDatabase(async (client) => ({
      users: await countRows(client, 'users'),
      memberships: await countRows(client, 'memberships'),
    }));
    expect(after).toEqual(before);
  }, 400_000);
});
