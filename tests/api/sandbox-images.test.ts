import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './support/test-server';
import { createRoleWorld, type RoleWorld } from './support/roles';

describe('sandbox images', () => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer('pglite');
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  it("draws a group's avatar with its initials", async () => {
    const response = await server.app.inject(`/sandbox/images/avatar/${world.group.fb_group_id}.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('>TG<');
  });

  it('draws a post picture', async () => {
    const response = await server.app.inject('/sandbox/images/picture/123456.svg');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^<svg /);
  });

  it('refuses names that are not an id', async () => {
    const response = await server.app.inject('/sandbox/images/avatar/..%2Fetc.svg');
    expect(response.statusCode).toBe(400);
  });

  it('does not exist outside sandbox mode', async () => {
    const live = await createTestServer('pglite', { mode: 'live' });
    try {
      expect((await live.app.inject('/sandbox/images/picture/123456.svg')).statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
