import type { FastifyInstance } from 'fastify';
import type { SandboxAccountKey } from '../../../server/sandbox/accounts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A sandbox sign-in token for the account, the way the sign-in page gets one. */
export async function sandboxToken(app: FastifyInstance, account: SandboxAccountKey): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/sandbox/sign_in', payload: { account_id: account } });
  if (response.statusCode !== 200) throw new Error(`sandbox sign-in as ${account} answered ${response.statusCode} ${response.body}`);
  return response.json().facebook_token;
}

/** Signs in as a sandbox account through the API: GET a sandbox token, then POST /session. */
export async function signInAs(app: FastifyInstance, account: SandboxAccountKey, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/session',
    headers,
    payload: { facebook_token: await sandboxToken(app, account) },
  });
  if (response.statusCode !== 200) throw new Error(`signing in as ${account} answered ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { token: body.access_token as string, user: body.user as { id: number; [field: string]: unknown } };
}

/** The caller's groups (GET /groups), their ids by name. */
export async function groupIdsByName(app: FastifyInstance, token: string): Promise<Record<string, number>> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/groups', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`GET /groups answered ${response.statusCode} ${response.body}`);
  return Object.fromEntries((response.json().groups as Array<{ id: number; name: string }>).map((group) => [group.name, group.id]));
}
