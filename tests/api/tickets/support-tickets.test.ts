import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { support_tickets, users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { tableCounts } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('support tickets on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let token: string;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    token = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    await server.db.update(users).set({ email: 'admin@example.com' }).where(eq(users.id, world.userIds.groupAdmin));
  });
  afterAll(async () => server?.close());

  const send = (payload: object) =>
    server.app.inject({ method: 'POST', url: '/api/v1/support/tickets', headers: bearer(token), payload });

  it('stores the ticket and answers it, with the user email when none is given', async () => {
    const response = await send({ message: 'Please cancel my subscription.' });
    expect(response.statusCode).toBe(201);
    expect(contract.validate('/support/tickets', 'POST', 201, response.json())).toBeUndefined();
    const { ticket } = response.json();
    expect(ticket).toMatchObject({ user_id: world.userIds.groupAdmin, subject: null, message: 'Please cancel my subscription.', email: 'admin@example.com' });
    const [stored] = await server.db.select().from(support_tickets).where(eq(support_tickets.id, ticket.id));
    expect(stored).toMatchObject({ user_id: world.userIds.groupAdmin, subject: null, email: 'admin@example.com' });
  });

  it('keeps the subject and the email given', async () => {
    const response = await send({ subject: 'Robot', message: 'It stopped.', email: 'other@example.com' });
    expect(response.json().ticket).toMatchObject({ subject: 'Robot', message: 'It stopped.', email: 'other@example.com' });
  });

  it('refuses blank text and text PostgreSQL cannot store, naming the field and writing nothing', async () => {
    const before = await tableCounts(server.db);
    for (const [payload, field] of [
      [{ message: '   ' }, 'message'],
      [{ message: 'hi\u0000there' }, 'message'],
      [{ subject: '\n', message: 'Hello' }, 'subject'],
    ] as const) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.field).toBe(field);
    }
    expect(await tableCounts(server.db)).toEqual(before);
  });
});
