import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTapfiliateAffiliates } from '../../../server/adapters/affiliates/tapfiliate';
import { UpstreamError } from '../../../server/adapters/upstream';
import { users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, openRoleSession, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

interface SeenRequest {
  method: string;
  url: string;
  apiKey: string | undefined;
  body: unknown;
}

const API_KEY = 'tap-test-key';
const PROGRAM = 'xfilter-pro';

/** A stand-in for Tapfiliate's REST API that records what it is asked and answers as Tapfiliate does. */
function fakeTapfiliate() {
  const seen: SeenRequest[] = [];
  const balances: Record<string, Record<string, number>> = { 'aff-1': { USD: 89.1, EUR: 3 } };
  let failNext: number | undefined;
  /** A call that fails whenever it comes, by `METHOD url`. */
  const failing = new Set<string>();
  let onCreate: (() => Promise<void>) | undefined;
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text === '' ? undefined : JSON.parse(text);
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    seen.push({ method: request.method!, url: request.url!, apiKey: request.headers['x-api-key'] as string | undefined, body });
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (failNext !== undefined) {
      const status = failNext;
      failNext = undefined;
      return answer(status, { message: 'Something went wrong' });
    }
    if (failing.has(`${request.method} ${request.url}`)) return answer(500, { message: 'Something went wrong' });
    if (request.headers['x-api-key'] !== API_KEY) return answer(401, { message: 'Unauthorized' });
    if (request.method === 'POST' && request.url === '/1.6/affiliates/') {
      await onCreate?.();
      return answer(201, { id: 'aff-new', email: body.email });
    }
    if (request.method === 'DELETE' && /^\/1\.6\/affiliates\/[^/]+\/$/.test(request.url!)) {
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'POST' && request.url === `/1.6/programs/${PROGRAM}/affiliates/`) {
      return answer(201, { referral_link: { link: `https://xfilter.example/?ref=${body.affiliate.id}` }, approved: true });
    }
    const link = request.url!.match(new RegExp(`^/1\\.6/programs/${PROGRAM}/affiliates/([^/]+)/$`));
    if (request.method === 'GET' && link) return answer(200, { referral_link: { link: `https://xfilter.example/?ref=${link[1]}` } });
    const balance = request.url!.match(/^\/1\.6\/affiliates\/([^/]+)\/balances\/$/);
    if (request.method === 'GET' && balance) return answer(200, balances[balance[1]!] ?? {});
    return answer(404, { message: 'Not found' });
  });
  return {
    seen,
    failNextWith: (status: number) => void (failNext = status),
    failOn: (call: string) => void failing.add(call),
    reset: () => {
      failing.clear();
      onCreate = undefined;
      seen.splice(0);
    },
    whileCreating: (work: () => Promise<void>) => void (onCreate = work),
    start: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/1.6`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Tapfiliate adapter', () => {
  const fake = fakeTapfiliate();
  let apiUrl: string;
  beforeAll(async () => {
    apiUrl = await fake.start();
  });
  afterAll(() => fake.stop());
  afterEach(() => fake.reset());

  const adapter = () => createTapfiliateAffiliates({ apiKey: API_KEY, programId: PROGRAM, apiUrl });

  it('creates the affiliate with its password, then adds them to the programme, with the API key on each call', async () => {
    const created = await adapter().createAffiliate({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', password: 'pw-1234' });
    expect(created).toEqual({ id: 'aff-new' });
    expect(fake.seen).toEqual([
      {
        method: 'POST',
        url: '/1.6/affiliates/',
        apiKey: API_KEY,
        body: { firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.com', password: 'pw-1234' },
      },
      { method: 'POST', url: `/1.6/programs/${PROGRAM}/affiliates/`, apiKey: API_KEY, body: { affiliate: { id: 'aff-new' }, approved: true } },
    ]);
  });

  it('deletes the affiliate again when adding them to the programme fails', async () => {
    fake.failOn(`POST /1.6/programs/${PROGRAM}/affiliates/`);
    const created = adapter().createAffiliate({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', password: 'pw-1234' });
    await expect(created).rejects.toMatchObject({ service: 'affiliates', failure: 'bad_answer' });
    expect(fake.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /1.6/affiliates/',
      `POST /1.6/programs/${PROGRAM}/affiliates/`,
      'DELETE /1.6/affiliates/aff-new/',
    ]);
  });

  it("reads the programme's referral link and the USD balance in cents", async () => {
    expect(await adapter().referralLink('aff-1')).toBe('https://xfilter.example/?ref=aff-1');
    expect(await adapter().balanceCents('aff-1')).toBe(8910);
    expect(await adapter().balanceCents('aff-without-earnings')).toBe(0);
  });

  it('fails when Tapfiliate refuses a call, and without the API key or the programme', async () => {
    fake.failNextWith(500);
    await expect(adapter().balanceCents('aff-1')).rejects.toBeInstanceOf(UpstreamError);
    await expect(createTapfiliateAffiliates({ apiKey: 'wrong', programId: PROGRAM, apiUrl }).balanceCents('aff-1')).rejects.toThrow(/401/);
    await expect(createTapfiliateAffiliates({ programId: PROGRAM, apiUrl }).balanceCents('aff-1')).rejects.toThrow(/TAPFILIATE_API_KEY/);
  });
});

describe.each(databaseKinds())('the referral programme in live mode on %s', (kind) => {
  const fake = fakeTapfiliate();
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    const apiUrl = await fake.start();
    server = await createTestServer(kind, { mode: 'live', tapfiliate: { apiKey: API_KEY, programId: PROGRAM, apiUrl } });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => {
    await server?.close();
    await fake.stop();
  });
  afterEach(() => fake.reset());

  const enable = async (email: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/tapfiliate/enable',
      headers: bearer((await openRoleSession(server.db, world, 'groupAdmin'))!),
      payload: { email },
    });

  it('answers 502 when Tapfiliate fails, and writes nothing', async () => {
    fake.failNextWith(503);
    const response = await enable('grace@example.com');
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({ code: 'upstream_bad_answer', details: { service: 'affiliates' } });
    const [user] = await server.db.select().from(users).where(eq(users.id, world.userIds.groupAdmin));
    expect(user).toMatchObject({ email: null, tapfiliate_id: null, tapfiliate_password: null });
  });

  it('removes the affiliate it made when another user takes the email meanwhile, and answers 409', async () => {
    fake.whileCreating(async () => {
      await server.db.update(users).set({ email: 'GRACE@example.com' }).where(eq(users.id, world.userIds.subscriber));
    });
    const response = await enable('grace@example.com');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual({ reason: 'email_taken' });
    expect(fake.seen.map((request) => `${request.method} ${request.url}`)).toContain('DELETE /1.6/affiliates/aff-new/');
    const [user] = await server.db.select().from(users).where(eq(users.id, world.userIds.groupAdmin));
    expect(user).toMatchObject({ email: null, tapfiliate_id: null });
    await server.db.update(users).set({ email: null }).where(eq(users.id, world.userIds.subscriber));
  });

  it("joins through Tapfiliate and answers its link and balance", async () => {
    const response = await enable('grace@example.com');
    expect(response.statusCode).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.id, world.userIds.groupAdmin));
    expect(user).toMatchObject({ email: 'grace@example.com', tapfiliate_id: 'aff-new' });
    const sentPassword = fake.seen.findLast((request) => request.url === '/1.6/affiliates/' && request.apiKey === API_KEY)?.body as { password: string };
    expect(response.json()).toEqual({
      affiliate: { link: 'https://xfilter.example/?ref=aff-new', login: 'grace@example.com', password: sentPassword.password, balance: 0 },
    });
    expect(user!.tapfiliate_password).toBe(sentPassword.password);
  });
});
