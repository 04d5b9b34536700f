import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/http/log-redaction';
import { bearer, signInAs } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

describe('the access log', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await createTestServer('pglite', { logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => server?.close());

  const logged = () => lines.map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string } });

  it('names token links without their token and never writes the Authorization header', async () => {
    const { token } = await signInAs(server.app, 'ada');
    lines.length = 0;
    await server.app.inject({ method: 'GET', url: `/auth/token/${token}?back_url=%2Fuser` });
    await server.app.inject({ method: 'GET', url: `/AUTH/Token/${token}/` });
    const session = await server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(token) });
    expect(session.statusCode).toBe(200);
    server.app.log.info({ headers: { authorization: `Bearer ${token}` } }, 'headers logged on purpose');

    const requests = logged().filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);
    expect(requests).toEqual(['/auth/token/[redacted]?back_url=%2Fuser', '/AUTH/Token/[redacted]/', '/api/v1/session']);
    expect(logged().find((line) => line.msg === 'headers logged on purpose')).toMatchObject({ headers: { authorization: '[redacted]' } });
    expect(lines.join('\n')).not.toContain(token);
  });

  it('leaves other paths as they are', () => {
    expect(redactUrl('/api/v1/groups/12/members?page=2')).toBe('/api/v1/groups/12/members?page=2');
    expect(redactUrl('/auth/login')).toBe('/auth/login');
  });
});
