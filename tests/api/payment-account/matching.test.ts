import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, groups, matches, members, memberships, payment_accounts, users } from '../../../server/db/schema';
import { matchCustomerBatch } from '../../../server/domain/matching';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';

/** pg_trgm's similarity as its documentation defines it: shared trigrams of the words (padded '  w ') over all of them. */
function trigramSimilarity(a: string, b: string): number {
  const trigrams = (text: string) => {
    const found = new Set<string>();
    for (const word of text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)) {
      const padded = `  ${word} `;
      for (let i = 0; i + 3 <= padded.length; i += 1) found.add(padded.slice(i, i + 3));
    }
    return found;
  };
  const left = trigrams(a);
  const right = trigrams(b);
  const shared = [...left].filter((trigram) => right.has(trigram)).length;
  return shared / (left.size + right.size - shared);
}

const NOW = new Date('2026-11-25T10:00:00Z');

describe.each(databaseKinds())('matching customers to members on %s', (kind) => {
  let database: TestDatabase;
  let groupId: number;
  let otherGroupId: number;
  let accountId: number;
  const memberIds = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    const [group, otherGroup] = await db
      .insert(groups)
      .values([
        { fb_group_id: '7000001', name: 'Matching Group', subscribed_plan: 'annual' },
        { fb_group_id: '7000002', name: 'Elsewhere', subscribed_plan: 'annual' },
      ])
      .returning({ id: groups.id });
    groupId = group!.id;
    otherGroupId = otherGroup!.id;
    const people: Array<[string, string, number]> = [
      ['Ada Baker', '6000001', groupId],
      ["José O'Brien", '6000002', groupId],
      ['Katherine Johnson', '6000003', groupId],
      ['Grace Hopper', '6000004', groupId],
      ['Anna Lee', '6000005', groupId],
      ['Anna Leeson', '6000006', groupId],
      ['Ana Lee', '6000007', groupId],
      ['Annabel Lee', '6000008', groupId],
      ['Hanna Lee', '6000009', groupId],
      ['Katherine Johnson', '6000010', otherGroupId],
    ];
    for (const [name, fbUserId, inGroup] of people) {
      const [member] = await db.insert(members).values({ fb_user_id: fbUserId, name }).returning({ id: members.id });
      memberIds.set(`${name}@${inGroup === groupId ? 'group' : 'other'}`, member!.id);
      await db.insert(memberships).values({ group_id: inGroup, member_id: member!.id, member_name: name });
    }
    await db.insert(users).values({ name: 'Ada Baker', fb_user_id: '6000001', email: 'Ada.Baker@Example.com' });
    const [account] = await db.insert(payment_accounts).values({ group_id: groupId, onboarding: 'completed', external_account_id: 'acct_1' }).returning();
    accountId = account!.id;
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(customers);
  });

  const member = (name: string) => memberIds.get(`${name}@group`)!;
  async function customer(name: string | null, email: string | null): Promise<number> {
    const [row] = await database.db
      .insert(customers)
      .values({ account_id: accountId, external_id: `cus_${name ?? email}`, name, email })
      .returning({ id: customers.id });
    return row!.id;
  }
  const suggestionsOf = async (customerId: number) =>
    (
      await database.db
        .select({ member_id: matches.member_id, score: matches.score, reason: matches.reason, status: matches.status, requires_attention: matches.requires_attention })
        .from(matches)
        .where(eq(matches.customer_id, customerId))
    ).sort((a, b) => b.score - a.score || a.member_id - b.member_id);
  const matchAll = () => matchCustomerBatch(database.db, { accountId, groupId, afterCustomerId: 0, limit: 100 }, NOW);

  it("scores 1 'same email' when the customer's email is the member's user's, whatever the case or the name", async () => {
    const id = await customer('A. B. Consulting', ' ada.baker@example.COM ');
    await matchAll();
    expect(await suggestionsOf(id)).toEqual([{ member_id: member('Ada Baker'), score: 1, reason: 'same email', status: 'suggested', requires_attention: false }]);
  });

  it("scores 0.9 'same name' when the names are equal once lower-cased, without accents and punctuation", async () => {
    const id = await customer('  JOSE   obrien ', 'someone@example.com');
    await matchAll();
    expect(await suggestionsOf(id)).toEqual([
      { member_id: member("José O'Brien"), score: expect.closeTo(0.9, 6), reason: 'same name', status: 'suggested', requires_attention: true },
    ]);
  });

  it("scores 0.9 × trigram similarity for a similar name, with the rounded percent in the reason; no other group's member", async () => {
    const id = await customer('Katharine Johnson', null);
    await matchAll();
    const similarity = trigramSimilarity('katharine johnson', 'katherine johnson');
    expect(similarity).toBeGreaterThanOrEqual(0.5);
    expect(await suggestionsOf(id)).toEqual([
      {
        member_id: member('Katherine Johnson'),
        score: expect.closeTo(0.9 * similarity, 5),
        reason: `name ${Math.round(similarity * 100)}% similar`,
        status: 'suggested',
        requires_attention: true,
      },
    ]);
  });

  it("reads the email's local part as a name when the customer's name says nothing", async () => {
    const id = await customer(null, 'grace.hopper@navy.example');
    await matchAll();
    expect(await suggestionsOf(id)).toEqual([
      { member_id: member('Grace Hopper'), score: expect.closeTo(0.9, 6), reason: 'name 100% similar', status: 'suggested', requires_attention: true },
    ]);
  });

  it('suggests no one below half similar', async () => {
    const id = await customer('Zebulon Quarrington', 'zq@example.com');
    await matchAll();
    expect(await suggestionsOf(id)).toEqual([]);
  });

  it('keeps the best three suggestions of a customer', async () => {
    const id = await customer('Anna Lee', null);
    await matchAll();
    const candidates = ['Anna Leeson', 'Ana Lee', 'Annabel Lee', 'Hanna Lee']
      .map((name) => ({ name, similarity: trigramSimilarity('anna lee', name) }))
      .filter((candidate) => candidate.similarity >= 0.5)
      .sort((a, b) => b.similarity - a.similarity || member(a.name) - member(b.name));
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    const expected = [
      { member_id: member('Anna Lee'), score: expect.closeTo(0.9, 6), reason: 'same name' },
      ...candidates.map((candidate) => ({
        member_id: member(candidate.name),
        score: expect.closeTo(0.9 * candidate.similarity, 5),
        reason: `name ${Math.round(candidate.similarity * 100)}% similar`,
      })),
    ].slice(0, 3);
    expect((await suggestionsOf(id)).map(({ member_id, score, reason }) => ({ member_id, score, reason }))).toEqual(expected);
  });

  it('matching again adds no duplicate and leaves approved and rejected matches as they are', async () => {
    const ada = await customer('Ada Baker', 'ada.baker@example.com');
    const kate = await customer('Katharine Johnson', null);
    await matchAll();
    const before = await database.db.select().from(matches);
    await database.db.update(matches).set({ status: 'approved', score: 0.5, reason: 'approved by hand' }).where(eq(matches.customer_id, ada));
    await database.db.update(matches).set({ status: 'rejected', score: 0.4, reason: 'rejected by hand' }).where(eq(matches.customer_id, kate));
    await matchAll();
    expect(await database.db.select().from(matches)).toHaveLength(before.length);
    expect(await suggestionsOf(ada)).toEqual([{ member_id: member('Ada Baker'), score: 0.5, reason: 'approved by hand', status: 'approved', requires_attention: false }]);
    expect((await suggestionsOf(kate))[0]).toMatchObject({ score: expect.closeTo(0.4, 6), reason: 'rejected by hand', status: 'rejected' });
  });

  it('goes through the customers in batches after the given id and says where the batch ended', async () => {
    const first = await customer('Ada Baker', null);
    const second = await customer('Grace Hopper', null);
    const third = await customer('Anna Lee', null);
    expect(await matchCustomerBatch(database.db, { accountId, groupId, afterCustomerId: 0, limit: 2 }, NOW)).toMatchObject({ lastCustomerId: second, customers: 2 });
    expect(await suggestionsOf(third)).toEqual([]);
    expect(await matchCustomerBatch(database.db, { accountId, groupId, afterCustomerId: second, limit: 2 }, NOW)).toMatchObject({ lastCustomerId: third, customers: 1 });
    expect((await suggestionsOf(third)).length).toBeGreaterThan(0);
    expect(await matchCustomerBatch(database.db, { accountId, groupId, afterCustomerId: third, limit: 2 }, NOW)).toEqual({ lastCustomerId: null, customers: 0, suggestions: 0 });
    expect(first).toBeLessThan(second);
  });
});
