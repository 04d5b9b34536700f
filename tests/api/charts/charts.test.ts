import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daily_metrics } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('the dashboard charts on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    // Two weeks of metrics from Monday 2026-03-02 to Sunday 2026-03-15.
    await server.db.insert(daily_metrics).values(
      Array.from({ length: 14 }, (_, i) => ({
        group_id: world.group.id,
        day: `2026-03-${String(2 + i).padStart(2, '0')}`,
        active: 100 + i,
        inactive: 50,
        whitelisted: 5,
        removed: i,
        posts: i,
        reactions: 2 * i,
        comments: 3 * i,
      })),
    );
  });
  afterAll(async () => server?.close());

  const chart = async (path: string, groupId = world.group.id) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/groups/${groupId}/charts/${path}`,
      headers: bearer(world.tokens.groupAdmin!),
    });
    if (response.statusCode === 200) expect(contract.validate('/groups/{id}/charts/{kind}', 'GET', 200, response.json())).toBeUndefined();
    return response;
  };

  it('answers the members chart weekly, each week at its last day', async () => {
    const response = await chart('members?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    const { from, to, datasets } = response.json();
    expect({ from, to }).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(datasets.map((dataset: { name: string }) => dataset.name)).toEqual(['active', 'inactive', 'whitelisted', 'removed']);
    expect(datasets[0].points).toEqual([
      { x: '2026-03-02', y: 106 },
      { x: '2026-03-09', y: 113 },
    ]);
    expect(datasets[3].points).toEqual([
      { x: '2026-03-02', y: 6 },
      { x: '2026-03-09', y: 13 },
    ]);
  });

  it('answers the activities chart daily', async () => {
    const { datasets } = (await chart('activities?from=2026-03-10&to=2026-03-12')).json();
    expect(datasets).toEqual([
      { name: 'posts', points: [{ x: '2026-03-10', y: 8 }, { x: '2026-03-11', y: 9 }, { x: '2026-03-12', y: 10 }] },
      { name: 'reactions', points: [{ x: '2026-03-10', y: 16 }, { x: '2026-03-11', y: 18 }, { x: '2026-03-12', y: 20 }] },
      { name: 'comments', points: [{ x: '2026-03-10', y: 24 }, { x: '2026-03-11', y: 27 }, { x: '2026-03-12', y: 30 }] },
    ]);
  });

  it('answers no datasets when there is no data, and the default range without dates', async () => {
    expect((await chart('activities?from=2025-01-01&to=2025-01-31')).json().datasets).toEqual([]);
    const recent = (await chart('members')).json();
    expect((Date.parse(recent.to) - Date.parse(recent.from)) / 86_400_000).toBe(83);
    // No metrics in the last 12 weeks: the three members the group has, synced this week, all inactive.
    expect(recent.datasets.map((dataset: { name: string; points: Array<{ y: number }> }) => [dataset.name, dataset.points.map((point) => point.y)])).toEqual([
      ['active', [0]],
      ['inactive', [3]],
      ['whitelisted', [0]],
      ['removed', [0]],
    ]);
  });

  it('refuses from after to and a range over 3660 days', async () => {
    expect((await chart('members?from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
    expect((await chart('activities?from=2000-01-01&to=2026-03-01')).statusCode).toBe(400);
  });
});
