import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { groupMemberIn } from '../authorization/role-fixtures';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const PROXY = '10.0.0.7';
const CLIENT = '203.0.113.9';
const FORGED = '198.51.100.66';

describe('TRUST_PROXY in the configuration', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it("takes what Fastify's trustProxy takes: true, or addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.7, 192.168.0.0/16 ,loopback,::1' }).trustProxy).toBe('10.0.0.7,192.168.0.0/16,loopback,::1');
  });

  it('refuses a value that is none of these, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.7,proxy.example' })).toThrow(/TRUST_PROXY .*'proxy\.example'/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8/8' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a hop count, which Fastify would take as trusting nobody', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY .*hop count/);
  });
});

/** The address the audit log records ("via {ip}") for one whitelisting sent from `remoteAddress` with the given X-Forwarded-For. */
describe('the address the audit log records', () => {
  let server: TestServer | undefined;
  let world: RoleWorld;
  afterEach(async () => server?.close());

  async function serve(trustProxy: ServerConfig['trustProxy']) {
    server = await createTestServer('pglite', { trustProxy });
    world = await createRoleWorld(server.db);
  }

  async function recordedIp(remoteAddress: string, forwardedFor: string): Promise<string> {
    const memberId = await groupMemberIn(server!.db, world, 'inactive');
    const moved = await server!.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${world.group.id}/members/whitelisted`,
      remoteAddress,
      headers: { ...bearer(world.tokens.groupAdmin!), 'x-forwarded-for': forwardedFor },
      payload: { is_whitelisted: true, ids: [memberId] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const logs = await server!.app.inject({
      method: 'GET',
      url: `/api/v1/groups/${world.group.id}/audit_logs?member_id=${memberId}`,
      headers: bearer(world.tokens.groupAdmin!),
    });
    return logs.json().audit_logs[0].data.ip;
  }

  it('is the socket address by default, whatever X-Forwarded-For says', async () => {
    await serve(loadConfig({}).trustProxy);
    expect(await recordedIp(PROXY, FORGED)).toBe(PROXY);
  });

  it('is the forwarded client when the request comes through a configured proxy', async () => {
    await serve(loadConfig({ TRUST_PROXY: PROXY }).trustProxy);
    expect(await recordedIp(PROXY, CLIENT)).toBe(CLIENT);
  });

  it('ignores X-Forwarded-For from an address that is not a configured proxy', async () => {
    await serve(loadConfig({ TRUST_PROXY: PROXY }).trustProxy);
    expect(await recordedIp('10.0.0.8', FORGED)).toBe('10.0.0.8');
  });

  it('takes the client nearest the configured proxies from a chain of them', async () => {
    await serve(loadConfig({ TRUST_PROXY: `${PROXY},10.0.0.0/24` }).trustProxy);
    expect(await recordedIp(PROXY, `${FORGED}, ${CLIENT}, 10.0.0.3`)).toBe(CLIENT);
  });
});
