import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { addMember, heldGroup } from '../match-review/review-world';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

/**
 * Paying means the membership holds an active subscription (copied from the linked customer).
 * The group's holder, 'Test groupAdmin', is inactive and pays nothing.
 */
describe.each(databaseKinds())("the members list's paying filter on %s", (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let groupId: number;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    groupId = await heldGroup(server.db, world);
    const active = { posts_count: 1 };
    await addMember(server.db, groupId, 'Ana', { ...active, paid: 200, subscription_status: 'active' });
    await addMember(server.db, groupId, 'Bo', { ...active, paid: 900, subscription_status: 'past_due' });
    await addMember(server.db, groupId, 'Cy', active);
    await addMember(server.db, groupId, 'Di', { paid: 1000, subscription_status: 'active' });
    await addMember(server.db, groupId, 'Ed', {});
    await addMember(server.db, groupId, 'Flo', { is_whitelisted: true, paid: 500, subscription_status: 'active' });
  });
  afterAll(async () => server?.close());

  const list = async (query: string) => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/members?${query}`, headers: bearer(world.tokens.groupAdmin!) });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/members', 'GET', 200, response.json())).toBeUndefined();
    const body = response.json() as { members: Array<{ name: string }>; count: number; count_all: Record<string, number>; count_filtered: Record<string, number> };
    return { ...body, names: body.members.map((member) => member.name) };
  };

  const everyList = { active: 3, inactive: 3, whitelisted: 1, removed: 0, all_members: 7 };

  it('narrows a list to the paying members, or to the others, null status included', async () => {
    const paying = await list('list=active&paying=true');
    expect(paying.names).toEqual(['Ana']);
    expect(paying.count).toBe(1);
    const notPaying = await list('list=active&paying=false');
    expect(notPaying.names).toEqual(['Bo', 'Cy']);
    expect(notPaying.count).toBe(2);
    expect((await list('list=inactive&paying=true')).names).toEqual(['Di']);
    expect((await list('list=inactive&paying=false')).names).toEqual(['Ed', 'Test groupAdmin']);
  });

  it('keeps the tabs counts as they are: the filter narrows the page and its total', async () => {
    const paying = await list('list=all_members&paying=true');
    expect(paying.names).toEqual(['Ana', 'Di', 'Flo']);
    expect(paying.count).toBe(3);
    expect(paying.count_all).toEqual(everyList);
    expect(paying.count_filtered).toEqual(everyList);
    const everyone = await list('list=all_members');
    expect(everyone.count).toBe(7);
  });

  it('combines with the search, the sort and the paging', async () => {
    const searched = await list('list=all_members&paying=false&search=o');
    expect(searched.names).toEqual(['Bo', 'Test groupAdmin']);
    expect(searched.count).toBe(2);
    expect(searched.count_filtered).toEqual({ active: 1, inactive: 1, whitelisted: 1, removed: 0, all_members: 3 });
    expect((await list('list=all_members&paying=true&sort_by=paid&sort_direction=desc')).names).toEqual(['Di', 'Flo', 'Ana']);
    const second = await list('list=all_members&paying=true&per_page=1&page=2');
    expect(second.names).toEqual(['Di']);
    expect(second.count).toBe(3);
  });

  it('exports the paying members alone', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/groups/${groupId}/members/export?list=all_members&paying=true`,
      headers: bearer(world.tokens.groupAdmin!),
    });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[3]);
    expect(names).toEqual(['Ana', 'Di', 'Flo']);
  });
});
