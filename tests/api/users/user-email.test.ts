import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('the user email on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  const setEmail = async (role: Role, email: string) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/email',
      headers: bearer((await openRoleSession(server.db, world, role))!),
      payload: { email },
    });

  it('is saved and answered with the user', async () => {
    const response = await setEmail('groupAdmin', 'Grace@Example.com');
    expect(response.statusCode).toBe(200);
    expect(contract.validate('/users/email', 'PUT', 200, response.json())).toBeUndefined();
    expect(response.json().user).toMatchObject({ id: world.userIds.groupAdmin, email: 'Grace@Example.com' });
    const [stored] = await server.db.select({ email: users.email }).from(users).where(eq(users.id, world.userIds.groupAdmin));
    expect(stored!.email).toBe('Grace@Example.com');
  });

  it('may be saved again by its owner, but not taken by another user in any case', async () => {
    expect((await setEmail('groupAdmin', 'grace@example.com')).statusCode).toBe(200);
    const taken = await setEmail('subscriber', 'GRACE@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details).toEqual({ reason: 'email_taken' });
  });

  it('refuses what is not an email', async () => {
    const response = await setEmail('subscriber', 'not an email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.field).toBe('email');
  });
});
