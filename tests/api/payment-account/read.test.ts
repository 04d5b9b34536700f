import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment_accounts, tasks } from '../../../server/db/schema';
import { MATCH_TASK_KIND } from '../../../server/domain/payment-account';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer, groupIdsByName, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())("a group's payment account on %s", (kind) => {
  let server: TestServer;
  let token: string;
  let groupIds: Record<string, number>;
  beforeAll(async () => {
    server = await createSeededServer(kind);
    token = (await signInAs(server.app, 'ada')).token;
    groupIds = await groupIdsByName(server.app, token);
  });
  afterAll(async () => server?.close());

  const read = async (groupId: number) => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/account`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/account', 'GET', 200, response.json())).toBeUndefined();
    return response.json();
  };

  it('offers the connection when the group has no account', async () => {
    expect(await read(groupIds['Vintage Film Camera Swap']!)).toEqual({ properties: { company_name: null, onboarding: null }, tasks: [] });
  });

  it("shows the connected account's onboarding and its match processes, newest first, and no other group's", async () => {
    const groupId = groupIds['Trail Runners Worldwide']!;
    const otherGroupId = groupIds['Vintage Film Camera Swap']!;
    await server.db.insert(payment_accounts).values({ group_id: groupId, company_name: 'Trail Co', onboarding: 'completed' });
    const started = new Date('2026-11-20T10:00:00Z');
    const [older] = await server.db
      .insert(tasks)
      .values({ kind: MATCH_TASK_KIND, group_id: groupId, status: 'completed', progress: 100, start_timestamp: started, created_at: new Date('2026-11-20T09:00:00Z') })
      .returning();
    const [newer] = await server.db
      .insert(tasks)
      .values({ kind: MATCH_TASK_KIND, group_id: groupId, status: 'pending', progress: 0, created_at: new Date('2026-11-21T09:00:00Z') })
      .returning();
    await server.db.insert(tasks).values({ kind: 'another_kind', group_id: groupId, status: 'running', progress: 10 });
    await server.db.insert(tasks).values({ kind: MATCH_TASK_KIND, group_id: otherGroupId, status: 'running', progress: 40 });

    expect(await read(groupId)).toEqual({
      properties: { company_name: 'Trail Co', onboarding: 'completed' },
      tasks: [
        { task_id: newer!.id, properties: { status: 'pending', progress: 0, start_timestamp: null } },
        { task_id: older!.id, properties: { status: 'completed', progress: 100, start_timestamp: started.getTime() / 1000 } },
      ],
    });
  });
});
