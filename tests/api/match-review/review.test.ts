import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, customers, groups, matches, memberships } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { tableDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { addCustomer, addMember, connectAccount, heldGroup, reviewWorld } from './review-world';

const contract = createResponseValidator();

type Tab = 'all_data' | 'matched' | 'requires_attention' | 'approved' | 'rejected';

describe.each(databaseKinds())('reviewing matches on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    headers = bearer(world.tokens.groupAdmin!);
  });
  afterAll(async () => server?.close());

  const list = async (groupId: number, query: string) => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/account_customers?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/account_customers', 'GET', 200, response.json())).toBeUndefined();
    return response.json() as {
      list: Tab;
      customers: Array<{ id: string; member_id: number | null; member: { id: number; name: string } | null; [field: string]: unknown }>;
      matches: Array<{ match_id: number; member_id: number; customer_id: string; score: number; reason: string; member: { id: number; name: string } }>;
      filtered_count: Record<Tab, number>;
    };
  };
  const matchIds = async (groupId: number, query: string) => (await list(groupId, query)).matches.map((item) => item.match_id);
  const customerIds = async (groupId: number, query: string) => (await list(groupId, query)).customers.map((item) => item.id);

  const post = (groupId: number, path: string, payload: unknown) =>
    server.app.inject({ method: 'POST', url: `/api/v1/groups/${groupId}/${path}`, headers, payload: payload as object });

  const paidFieldsOf = async (groupId: number, memberId: number) => {
    const [row] = await server.db
      .select({ paid: memberships.paid, subscription: memberships.subscription, subscription_status: memberships.subscription_status })
      .from(memberships)
      .where(and(eq(memberships.group_id, groupId), eq(memberships.member_id, memberId)));
    return row;
  };
  const auditsOf = (groupId: number) =>
    server.db.select({ kind: audit_logs.kind, user_id: audit_logs.user_id, data: audit_logs.data }).from(audit_logs).where(eq(audit_logs.group_id, groupId)).orderBy(asc(audit_logs.id));

  describe('the tabs', () => {
    it('list the customers, the certain and uncertain open suggestions, the links and the rejected, each counted', async () => {
      const { groupId, member, match } = await reviewWorld(server.db, world);
      const allData = await list(groupId, '');
      expect(allData.list).toBe('all_data');
      expect(allData.matches).toEqual([]);
      expect(allData.filtered_count).toEqual({ all_data: 6, matched: 1, requires_attention: 3, approved: 1, rejected: 1 });
      // The provider's order: by customer id.
      expect(allData.customers.map((item) => item.id)).toEqual(['cus_a', 'cus_b', 'cus_c', 'cus_d', 'cus_e', 'cus_f']);
      expect(allData.customers[1]).toEqual({
        id: 'cus_b',
        name: 'Dee Dunn',
        email: 'dee@example.com',
        paid: 9900,
        subscription: 'Gold',
        subscription_created: 1700000200,
        subscription_status: 'active',
        member_id: member.dee,
        member: { id: member.dee, name: 'Dee Dunn', avatar_url: null, fb_user_id: expect.any(String) },
      });
      expect(allData.customers[0]!.member).toBeNull();

      const matched = await list(groupId, 'list=matched');
      expect(matched.customers).toEqual([]);
      expect(matched.matches).toEqual([
        {
          match_id: match.annC1,
          member_id: member.ann,
          customer_id: 'cus_c',
          customer_name: 'Ann Archer',
          customer_email: 'ann@example.com',
          score: 1,
          reason: 'same email',
          member: { id: member.ann, name: 'Ann Archer', avatar_url: null, fb_user_id: expect.any(String) },
        },
      ]);
      // Best score first; cus_b's suggestion to Ann and Dee's to cus_f wait while Dee and cus_b are linked.
      expect(await matchIds(groupId, 'list=requires_attention')).toEqual([match.calC3, match.benC2, match.annC2]);
      expect(await matchIds(groupId, 'list=approved')).toEqual([match.deeC4]);
      expect(await matchIds(groupId, 'list=rejected')).toEqual([match.eveC5]);
    });

    it('count and list every tab under the member filter', async () => {
      const { groupId, member, match } = await reviewWorld(server.db, world);
      const ann = await list(groupId, `list=requires_attention&member_id=${member.ann}`);
      expect(ann.filtered_count).toEqual({ all_data: 0, matched: 1, requires_attention: 1, approved: 0, rejected: 0 });
      expect(ann.matches.map((item) => item.match_id)).toEqual([match.annC2]);
      expect(await matchIds(groupId, `list=matched&member_id=${member.ann}`)).toEqual([match.annC1]);

      const dee = await list(groupId, `member_id=${member.dee}`);
      expect(dee.filtered_count).toEqual({ all_data: 1, matched: 0, requires_attention: 0, approved: 1, rejected: 0 });
      expect(dee.customers.map((item) => item.id)).toEqual(['cus_b']);
      expect(await matchIds(groupId, `list=approved&member_id=${member.dee}`)).toEqual([match.deeC4]);

      const nobody = await list(groupId, `list=rejected&member_id=${member.fay}`);
      expect(nobody.filtered_count).toEqual({ all_data: 0, matched: 0, requires_attention: 0, approved: 0, rejected: 0 });
      expect(nobody.matches).toEqual([]);
    });

    it('page and sort', async () => {
      const { groupId, match } = await reviewWorld(server.db, world);
      expect(await customerIds(groupId, 'per_page=4&page=2')).toEqual(['cus_e', 'cus_f']);
      expect(await customerIds(groupId, 'sort=true&sort_by=paid&sort_direction=desc')).toEqual(['cus_b', 'cus_c', 'cus_a', 'cus_d', 'cus_f', 'cus_e']);
      expect(await customerIds(groupId, 'sort=true&sort_by=paid&sort_direction=desc&per_page=2&page=2')).toEqual(['cus_a', 'cus_d']);
      expect(await customerIds(groupId, 'sort=true&sort_by=name')).toEqual(['cus_c', 'cus_a', 'cus_e', 'cus_b', 'cus_f', 'cus_d']);
      // Without sort=true the column is not applied.
      expect(await customerIds(groupId, 'sort_by=paid&sort_direction=desc')).toEqual(['cus_a', 'cus_b', 'cus_c', 'cus_d', 'cus_e', 'cus_f']);

      expect(await matchIds(groupId, 'list=requires_attention&sort=true&sort_by=score&sort_direction=asc')).toEqual([match.annC2, match.benC2, match.calC3]);
      // Two suggestions of the same customer: ties by match id.
      expect(await matchIds(groupId, 'list=requires_attention&sort=true&sort_by=name')).toEqual([match.benC2, match.annC2, match.calC3]);
      expect(await matchIds(groupId, 'list=requires_attention&sort=true&sort_by=name&sort_direction=desc')).toEqual([match.calC3, match.annC2, match.benC2]);
      expect(await matchIds(groupId, 'list=requires_attention&per_page=2&page=2')).toEqual([match.annC2]);
      const past = await list(groupId, 'list=requires_attention&per_page=2&page=3');
      expect(past.matches).toEqual([]);
      expect(past.filtered_count.requires_attention).toBe(3);
    });
  });

  describe('linking', () => {
    it('links the first of each member and customer, skips repeats and the already linked, and copies the paid fields', async () => {
      const { groupId, member, customer, match } = await reviewWorld(server.db, world);
      const items = [
        { member_id: member.ben, customer_id: 'cus_a' },
        { member_id: member.ann, customer_id: 'cus_a' },
        { member_id: member.cal, customer_id: 'cus_e' },
        { member_id: member.ben, customer_id: 'cus_f' },
        { member_id: member.ann, customer_id: 'cus_b' },
        { member_id: member.dee, customer_id: 'cus_c' },
      ];
      const response = await post(groupId, 'account_customers/link', { link_items: items });
      expect(response.statusCode, response.body).toBe(200);
      expect(contract.validate('/groups/{id}/account_customers/link', 'POST', 200, response.json())).toBeUndefined();
      const body = response.json();
      expect(body.count).toBe(2);
      expect(body.skipped).toHaveLength(4);
      expect(body.skipped).toEqual(expect.arrayContaining([items[1], items[3], items[4], items[5]]));

      expect(await paidFieldsOf(groupId, member.ben)).toEqual({ paid: 500, subscription: 'Silver', subscription_status: 'past_due' });
      expect(await paidFieldsOf(groupId, member.cal)).toEqual({ paid: 0, subscription: null, subscription_status: null });
      expect(await paidFieldsOf(groupId, member.ann)).toEqual({ paid: null, subscription: null, subscription_status: null });
      const linked = await server.db.select({ id: customers.id, member_id: customers.member_id }).from(customers).where(eq(customers.member_id, member.ben));
      expect(linked).toEqual([{ id: customer.c2, member_id: member.ben }]);

      const after = await list(groupId, 'list=approved');
      expect(after.matches.map((item) => item.match_id).sort()).toEqual([match.benC2, match.calC3, match.deeC4].sort());
      // Ann's suggestion of cus_a leaves the review with cus_a's link.
      expect(after.filtered_count).toEqual({ all_data: 6, matched: 1, requires_attention: 0, approved: 3, rejected: 1 });

      const audits = await auditsOf(groupId);
      expect(audits).toEqual([
        {
          kind: 'customers_linked',
          user_id: world.userIds.groupAdmin,
          data: { ip: expect.any(String), count: 2, items: [items[0], items[2]] },
        },
      ]);
    });

    it('makes an approved match, linked by hand, where no suggestion led to the link', async () => {
      const { groupId, member } = await reviewWorld(server.db, world);
      const response = await post(groupId, 'account_customers/link', { link_items: [{ member_id: member.fay, customer_id: 'cus_d' }] });
      expect(response.json()).toEqual({ count: 1, skipped: [] });
      const approved = await list(groupId, `list=approved&member_id=${member.fay}`);
      expect(approved.matches).toMatchObject([{ member_id: member.fay, customer_id: 'cus_d', score: 1, reason: 'linked by hand' }]);
      expect(await paidFieldsOf(groupId, member.fay)).toEqual({ paid: 300, subscription: 'Bronze', subscription_status: 'canceled' });
    });

    it('unlinks: the membership loses the paid fields, the match is a suggestion again and what waited comes back', async () => {
      const { groupId, member, customer, match } = await reviewWorld(server.db, world);
      const items = [
        { member_id: member.dee, customer_id: 'cus_b' },
        { member_id: member.ann, customer_id: 'cus_c' },
        { member_id: member.dee, customer_id: 'cus_b' },
      ];
      const response = await post(groupId, 'account_customers/unlink', { link_items: items });
      expect(response.statusCode, response.body).toBe(200);
      expect(contract.validate('/groups/{id}/account_customers/unlink', 'POST', 200, response.json())).toBeUndefined();
      expect(response.json()).toEqual({ count: 1, skipped: [items[1], items[2]] });
      expect(await paidFieldsOf(groupId, member.dee)).toEqual({ paid: null, subscription: null, subscription_status: null });
      const [row] = await server.db.select({ memberId: customers.member_id }).from(customers).where(eq(customers.id, customer.c4));
      expect(row!.memberId).toBeNull();

      const page = await list(groupId, 'list=matched');
      expect(page.matches.map((item) => item.match_id).sort()).toEqual([match.annC1, match.deeC4, match.annC4].sort());
      expect(page.filtered_count).toEqual({ all_data: 6, matched: 3, requires_attention: 4, approved: 0, rejected: 1 });
      expect(await auditsOf(groupId)).toEqual([
        { kind: 'customers_unlinked', user_id: world.userIds.groupAdmin, data: { ip: expect.any(String), count: 1, items: [items[0]] } },
      ]);
    });

    it('refuses an unknown customer or a member of another group with 404 and writes nothing', async () => {
      const { groupId, member } = await reviewWorld(server.db, world);
      const otherGroupId = await heldGroup(server.db, world);
      const otherAccountId = await connectAccount(server.db, otherGroupId);
      const stranger = await addMember(server.db, otherGroupId, 'Gus Stranger');
      await addCustomer(server.db, otherAccountId, { externalId: 'cus_other' });
      const before = await tableDigests(server.db);
      for (const [path, items] of [
        ['account_customers/link', [{ member_id: member.ben, customer_id: 'cus_a' }, { member_id: member.cal, customer_id: 'cus_other' }]],
        ['account_customers/link', [{ member_id: member.ben, customer_id: 'cus_a' }, { member_id: stranger, customer_id: 'cus_e' }]],
        ['account_customers/unlink', [{ member_id: member.dee, customer_id: 'cus_b' }, { member_id: member.dee, customer_id: 'cus_nobody' }]],
      ] as const) {
        const response = await post(groupId, path, { link_items: items });
        expect(response.statusCode, response.body).toBe(404);
        expect(contract.validate(`/groups/{id}/${path}`, 'POST', 404, response.json())).toBeUndefined();
      }
      expect(await tableDigests(server.db)).toEqual(before);
    });
  });

  describe('a customer changed by hand', () => {
    const patch = (groupId: number, payload: object) =>
      server.app.inject({ method: 'PATCH', url: `/api/v1/groups/${groupId}/account_customers`, headers, payload });

    it('links a member, moves the customer to another member and removes the member', async () => {
      const { groupId, member } = await reviewWorld(server.db, world);
      const linked = await patch(groupId, { customer_id: 'cus_e', member_id: member.cal });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(contract.validate('/groups/{id}/account_customers', 'PATCH', 200, linked.json())).toBeUndefined();
      expect(linked.json().customer).toMatchObject({ id: 'cus_e', member_id: member.cal, member: { id: member.cal, name: 'Cal Cooper' } });
      expect(await paidFieldsOf(groupId, member.cal)).toEqual({ paid: 0, subscription: null, subscription_status: null });

      const moved = await patch(groupId, { customer_id: 'cus_b', member_id: member.eve });
      expect(moved.json().customer).toMatchObject({ id: 'cus_b', member_id: member.eve });
      expect(await paidFieldsOf(groupId, member.eve)).toEqual({ paid: 9900, subscription: 'Gold', subscription_status: 'active' });
      expect(await paidFieldsOf(groupId, member.dee)).toEqual({ paid: null, subscription: null, subscription_status: null });

      const removed = await patch(groupId, { customer_id: 'cus_b', member_id: null });
      expect(removed.json().customer).toMatchObject({ id: 'cus_b', member_id: null, member: null });
      expect(await paidFieldsOf(groupId, member.eve)).toEqual({ paid: null, subscription: null, subscription_status: null });
      expect((await auditsOf(groupId)).map((audit) => audit.kind)).toEqual(['customers_linked', 'customers_unlinked', 'customers_linked', 'customers_unlinked']);
    });

    it('refuses a member already linked to another customer with 409, and unknown ones with 404', async () => {
      const { groupId, member } = await reviewWorld(server.db, world);
      const before = await tableDigests(server.db);
      const taken = await patch(groupId, { customer_id: 'cus_a', member_id: member.dee });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.details).toEqual({ reason: 'member_linked', customer_id: 'cus_b' });
      expect((await patch(groupId, { customer_id: 'cus_nobody', member_id: member.ben })).statusCode).toBe(404);
      expect((await patch(groupId, { customer_id: 'cus_a', member_id: world.memberId + 100000 })).statusCode).toBe(404);
      expect(await tableDigests(server.db)).toEqual(before);
    });
  });

  describe('rejecting and restoring', () => {
    it('rejects suggestions and restores rejected ones, each audited, leaving other statuses alone', async () => {
      const { groupId, match } = await reviewWorld(server.db, world);
      const rejected = await post(groupId, 'matches/reject', { match_ids: [match.annC1, match.benC2, match.deeC4] });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(contract.validate('/groups/{id}/matches/reject', 'POST', 200, rejected.json())).toBeUndefined();
      expect(rejected.json()).toEqual({ count: 2 });
      expect((await list(groupId, 'list=rejected')).filtered_count).toEqual({ all_data: 6, matched: 0, requires_attention: 2, approved: 1, rejected: 3 });

      expect((await post(groupId, 'matches/reject', { match_ids: [match.annC1] })).json()).toEqual({ count: 0 });

      const restored = await post(groupId, 'matches/restore', { match_ids: [match.annC1, match.eveC5, match.calC3] });
      expect(restored.json()).toEqual({ count: 2 });
      expect(await matchIds(groupId, 'list=rejected')).toEqual([match.benC2]);
      expect(await matchIds(groupId, 'list=requires_attention')).toEqual([match.calC3, match.annC2, match.eveC5]);

      const audits = await auditsOf(groupId);
      expect(audits).toEqual([
        { kind: 'matches_rejected', user_id: world.userIds.groupAdmin, data: { ip: expect.any(String), count: 2, match_ids: [match.annC1, match.benC2].sort((a, b) => a - b) } },
        { kind: 'matches_restored', user_id: world.userIds.groupAdmin, data: { ip: expect.any(String), count: 2, match_ids: [match.annC1, match.eveC5].sort((a, b) => a - b) } },
      ]);
    });

    it("refuses another account's match ids with 404 and writes nothing", async () => {
      const { groupId, match } = await reviewWorld(server.db, world);
      const other = await reviewWorld(server.db, world);
      const before = await tableDigests(server.db);
      for (const path of ['matches/reject', 'matches/restore']) {
        const response = await post(groupId, path, { match_ids: [match.annC1, other.match.eveC5, other.match.benC2] });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error.details).toEqual({ match_ids: [other.match.eveC5, other.match.benC2] });
      }
      expect(await tableDigests(server.db)).toEqual(before);
    });
  });

  describe('a group whose connections cannot be used', () => {
    it('answers 409 not_connected before onboarding completes, and when nothing is connected', async () => {
      const started = await heldGroup(server.db, world);
      await connectAccount(server.db, started, 'started');
      const none = await heldGroup(server.db, world);
      for (const groupId of [started, none]) {
        const read = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/account_customers`, headers });
        expect(read.statusCode).toBe(409);
        expect(contract.validate('/groups/{id}/account_customers', 'GET', 409, read.json())).toBeUndefined();
        expect(read.json().error.details).toEqual({ reason: 'not_connected' });
        const reject = await post(groupId, 'matches/reject', { match_ids: [1] });
        expect(reject.json().error.details).toEqual({ reason: 'not_connected' });
      }
    });

    it('refuses the reads and writes of a free group with 409 free_plan', async () => {
      const { groupId, member } = await reviewWorld(server.db, world);
      await server.db.update(groups).set({ subscribed_plan: 'free' }).where(eq(groups.id, groupId));
      const before = await tableDigests(server.db);
      const read = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/account_customers`, headers });
      expect(read.statusCode).toBe(409);
      expect(read.json().error).toEqual({ code: 'conflict', message: 'Upgrade to PRO to unlock Connections!', details: { reason: 'free_plan' } });
      const link = await post(groupId, 'account_customers/link', { link_items: [{ member_id: member.ben, customer_id: 'cus_a' }] });
      expect(link.statusCode).toBe(409);
      expect(link.json().error.details).toEqual({ reason: 'free_plan' });
      expect(await tableDigests(server.db)).toEqual(before);
    });

    it('lets a locked group read its review but change nothing', async () => {
      const { groupId, member } = await reviewWorld(server.db, world);
      await server.db.update(groups).set({ is_locked: true }).where(eq(groups.id, groupId));
      expect((await list(groupId, 'list=matched')).filtered_count.matched).toBe(1);
      const link = await post(groupId, 'account_customers/link', { link_items: [{ member_id: member.ben, customer_id: 'cus_a' }] });
      expect(link.statusCode).toBe(409);
      expect(link.json().error.details).toEqual({ reason: 'locked' });
    });
  });

  it('keeps the matches table to one row per account, customer and member', async () => {
    const { groupId, member, accountId } = await reviewWorld(server.db, world);
    await post(groupId, 'account_customers/link', { link_items: [{ member_id: member.ann, customer_id: 'cus_c' }] });
    const rows = await server.db.select({ status: matches.status }).from(matches).where(and(eq(matches.account_id, accountId), eq(matches.member_id, member.ann)));
    expect(rows.map((row) => row.status).sort()).toEqual(['approved', 'suggested', 'suggested']);
  });
});
