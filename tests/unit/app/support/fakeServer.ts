import { onTestFinished } from 'vitest';
import { loadContract } from '../../../../server/http/contract';
import type { components } from '../../../../src/api/schema';
import { createResponseValidator } from '../../../api/support/contract-schemas';
import { statusFixture } from '../../support/sessionFixtures';

type User = components['schemas']['User'];
type Group = components['schemas']['Group'];
type Status = components['schemas']['Status'];
type SandboxAccount = components['schemas']['SandboxAccount'];

export const BASE_URL = 'http://xfilter.test/api/v1';

export interface FakeAccount {
  account: SandboxAccount;
  user: User;
  groups: Group[];
}

const contract = loadContract();
let validator: ReturnType<typeof createResponseValidator> | undefined;

/** The contract's paths as patterns, the literal ones first so `/session/switch` is not read as a parameter. */
const CONTRACT_PATHS = Object.keys(contract.paths)
  .map((template) => ({
    template,
    parameters: template.split('{').length - 1,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.parameters - b.parameters);

/**
 * What is wrong with the answer by the contract: an operation or status it does not declare, a
 * content type it does not list, or a JSON body its response schema refuses. Undefined when it fits.
 */
async function contractViolation(method: string, path: string, response: Response): Promise<string | undefined> {
  const template = CONTRACT_PATHS.find((candidate) => candidate.pattern.test(path))?.template;
  const operation = template && contract.paths[template][method.toLowerCase()];
  if (!template || !operation) return `${method} ${path} is not an operation of the contract`;
  validator ??= createResponseValidator(contract);
  const declared = validator.contentTypes(template, method, response.status);
  const where = `${method} ${template} answered ${response.status}`;
  if (declared === undefined) return `${where}, a status the contract does not declare`;
  const type = response.headers.get('Content-Type')?.split(';')[0]?.trim() ?? '';
  if (declared.length === 0) return response.body === null ? undefined : `${where} with a body where the contract declares none`;
  if (!declared.includes(type)) return `${where} as '${type}', where the contract declares ${declared.join(', ')}`;
  if (type !== 'application/json') return undefined;
  const problems = validator.validate(template, method, response.status, await response.clone().json());
  return problems && `${where} with a body the contract refuses: ${problems}`;
}

/** How the fake server answers one call instead of its usual answer. */
export type Override = (request: Request) => Response | Promise<Response> | undefined;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function failure(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/**
 * The session calls of the contract over a few accounts, in memory: sandbox sign-in, sessions
 * by token, switching users, groups, flags and support tickets.
 */
export function createFakeServer(accounts: FakeAccount[], status: Status = statusFixture()) {
  const sessions = new Map<string, { accountId: string; switchedFrom: string | null }>();
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const overrides: Override[] = [];
  const violations: string[] = [];
  let nextToken = 1;
  // Every answer, the usual ones and each test's overrides, must be one the contract allows.
  onTestFinished(() => {
    if (violations.length > 0) throw new Error(`The fake server answered outside the contract:\n${violations.join('\n')}`);
  });

  const openSession = (accountId: string, switchedFrom: string | null = null) => {
    const token = `token-${accountId}-${nextToken++}`;
    sessions.set(token, { accountId, switchedFrom });
    return token;
  };
  const accountOf = (id: string) => accounts.find((candidate) => candidate.account.id === id)!;
  const byUserId = (id: number) => accounts.find((candidate) => candidate.user.id === id);

  async function answer(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.replace('/api/v1', '');
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, path, body });
    for (const override of overrides) {
      const overridden = override(request);
      if (overridden) return overridden;
    }
    const token = request.headers.get('Authorization')?.replace('Bearer ', '') ?? null;
    const session = token ? sessions.get(token) : undefined;
    const current = session ? accountOf(session.accountId) : undefined;
    const route = `${request.method} ${path}`;

    if (route === 'GET /status') return json(status);
    if (route === 'GET /sandbox/accounts') return json({ accounts: accounts.map((candidate) => candidate.account) });
    if (route === 'POST /sandbox/sign_in') return json({ facebook_token: `fb-${(body as { account_id: string }).account_id}` });
    if (route === 'POST /session') {
      const accountId = (body as { facebook_token: string }).facebook_token.replace('fb-', '');
      const account = accounts.find((candidate) => candidate.account.id === accountId);
      if (!account) return failure(401, 'unauthorized', 'The social network did not recognise you.');
      return json({ access_token: openSession(accountId), user: account.user });
    }
    if (!current || !token) return failure(401, 'unauthorized', 'Sign in first.');
    if (route === 'GET /session') {
      const supervisor = session?.switchedFrom ? sessions.get(session.switchedFrom) : undefined;
      const switchedBy = supervisor ? accountOf(supervisor.accountId).user : null;
      return json({
        user: current.user,
        member: null,
        access_token: token,
        switched_by: switchedBy && { id: switchedBy.id, name: switchedBy.name, avatar_url: null, fb_user_id: null, email: null },
      });
    }
    if (route === 'DELETE /session') {
      sessions.delete(token);
      return json(null, 204);
    }
    if (route === 'DELETE /session/switch') {
      if (!session?.switchedFrom) return failure(409, 'conflict', 'This session was not switched.');
      sessions.delete(token);
      return json({ user: accountOf(sessions.get(session.switchedFrom)!.accountId).user });
    }
    if (current.user.is_banned) return failure(403, 'banned', 'Your account has been flagged for policy violations.');
    if (route === 'POST /session/switch') {
      const target = byUserId((body as { user_id: number }).user_id);
      if (!target) return failure(404, 'not_found', 'No such user.');
      return json({ access_token: openSession(target.account.id, token), user: target.user });
    }
    if (route === 'GET /groups') return json({ groups: current.groups });
    if (route === 'POST /flags') {
      current.user = { ...current.user, flags: { ...current.user.flags, ...(body as { flags: object }).flags } };
      return json({ flags: current.user.flags });
    }
    if (route === 'POST /support/tickets') {
      const ticket = body as { subject: string; message: string; email: string };
      return json({ ticket: { id: 1, user_id: current.user.id, created_at: '2024-05-01T10:00:00.000Z', ...ticket } }, 201);
    }
    return failure(501, 'not_implemented', `${route} is not in the fake server.`);
  }

  /** As fetch does: a request aborted before its answer arrives rejects with an AbortError instead of answering. */
  async function fetchLike(request: Request): Promise<Response> {
    const abortError = () => new DOMException('This operation was aborted', 'AbortError');
    if (request.signal.aborted) throw abortError();
    const response = await answer(request);
    const violation = await contractViolation(request.method, new URL(request.url).pathname.replace('/api/v1', ''), response);
    if (violation) violations.push(violation);
    await Promise.resolve();
    if (request.signal.aborted) throw abortError();
    return response;
  }

  return {
    fetch: fetchLike,
    requests,
    /** Answers the next matching calls differently until the test ends. */
    override: (override: Override) => overrides.push(override),
    /** A token of a session the server knows, as if signed in earlier. */
    signIn: (accountId: string) => openSession(accountId),
    switchSession: (accountId: string, supervisorToken: string) => openSession(accountId, supervisorToken),
    isOpen: (token: string) => sessions.has(token),
    json,
    failure,
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
