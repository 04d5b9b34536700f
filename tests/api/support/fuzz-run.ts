import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../../server/db/connect';
import { ROBOT_JOB_NAMES } from '../../../server/db/enums';
import { listOperations, loadContract, type ContractOperation } from '../../../server/http/contract';
import { AUTHORIZATION_MATRIX } from '../authorization/matrix';
import { labTargetGroup, labTargetUser } from '../authorization/matrix-lab';
import { customerPairIn, matchIn, ownRobotJob } from '../authorization/role-fixtures';
import { createRequestBodyValidator, createResponseValidator } from './contract-schemas';
import { requestsFor, type FuzzRequest, type KnownValues } from './fuzz-requests';
import { createRoleWorld, openRoleSession, type Role } from './roles';

export interface FuzzOptions {
  seed: number;
  runsPerOperation: number;
  /** Called after each operation's requests, e.g. to print progress. */
  onOperation?: (operation: ContractOperation, done: number, total: number) => void;
}

export interface FuzzOutcome {
  requests: number;
  /** How many answers had each status. */
  byStatus: Record<number, number>;
  /** The answers that were a 5xx (other than 501) or off the contract, each with the request that got it. */
  failures: string[];
}

const contract = loadContract();
const responses = createResponseValidator(contract);
const bodies = createRequestBodyValidator(contract);
const MAX_FAILURES_KEPT = 50;

/** The role that gets past the access checks, so the input is what decides. */
function permittedRole(operation: ContractOperation): Role {
  return operation.access === 'supervisor' ? 'supervisor' : 'groupAdmin';
}

/** What is wrong with an answer to the request, by the contract; undefined when nothing. */
function offContract(
  operation: ContractOperation,
  request: FuzzRequest,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | undefined {
  const status = response.statusCode;
  if (status >= 500 && status !== 501) return `a ${status}`;
  if (status < 300 && request.payload !== undefined) {
    const charset = /;\s*charset="?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) return `a ${status} to a body in charset ${charset}`;
    const refused = bodies.validate(operation.path, operation.method, request.payload);
    if (refused) return `a ${status} to a body the contract does not accept: ${refused}`;
  }
  const declared = responses.contentTypes(operation.path, operation.method, status);
  if (!declared) return `${status} is not declared for the operation`;
  if (!response.headers['x-app-version'] || !response.headers['x-robot-version']) return 'no version headers';
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0];
  if (declared.length === 0) return response.body === '' ? undefined : `a body where the contract declares none: ${contentType}`;
  if (!declared.includes(contentType)) return `content type ${contentType || 'none'}, declared ${declared.join(', ')}`;
  if (contentType !== 'application/json') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'a body that is not JSON';
  }
  const broken = responses.validate(operation.path, operation.method, status, body);
  return broken && `the ${status} answer breaks the contract: ${broken}`;
}

/**
 * When an operation is sent: in the contract's order (0); after those, on records made for it (1),
 * when it removes or reshapes what it names; last of all (2), when it removes what it does not name.
 * So no operation's requests find the role world taken away by another's (the matrix's `destructive`).
 */
function stageOf(operation: ContractOperation): number {
  const destructive = AUTHORIZATION_MATRIX[operation.operationId]?.built?.destructive;
  return destructive === 'all' ? 2 : destructive === 'named' ? 1 : 0;
}

/** Ids of records made for one operation that removes or reshapes what it names: a held group with its people, and a user. */
async function knownTargets(db: AppDb, known: KnownValues): Promise<KnownValues> {
  const target = await labTargetGroup(db);
  const user = await labTargetUser(db);
  return { ...known, ids: [target.group_id, target.member_id, target.holder.userId, target.holder.memberId, user.userId, user.memberId] };
}

function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : ` body ${JSON.stringify(request.payload.slice(0, 300))}`;
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)}${payload}`;
}

/**
 * Sends every operation of the contract requests generated from its own schemas (see
 * fuzz-requests.ts), signed in as a role that passes its access checks, and checks every answer
 * against the contract, and that no body the contract does not accept succeeds. The same seed sends the same requests.
 */
export async function fuzzContract(app: FastifyInstance, db: AppDb, options: FuzzOptions): Promise<FuzzOutcome> {
  const world = await createRoleWorld(db);
  const jobIds: number[] = [];
  for (const name of ROBOT_JOB_NAMES) jobIds.push(await ownRobotJob(db, world, 'groupAdmin', name));
  // The group's payment account is connected, with suggestions to reject and restore and members to link.
  const matchIds = [await matchIn(db, world, 'suggested'), await matchIn(db, world, 'suggested'), await matchIn(db, world, 'rejected')];
  const linked = await customerPairIn(db, world, true);
  const known: KnownValues = {
    ids: [world.group.id, world.memberId, world.otherGroup.id, ...Object.values(world.userIds), ...jobIds, ...matchIds, linked.member_id],
    networkIds: [world.group.fb_group_id, world.otherGroup.fb_group_id, '9100004'],
  };
  const tokens = new Map<Role, string | undefined>();
  const tokenOf = async (role: Role) => {
    if (!tokens.has(role)) tokens.set(role, await openRoleSession(db, world, role));
    return tokens.get(role);
  };

  const operations = listOperations(contract);
  // Each operation keeps its contract index, which seeds its requests: the same seed sends the same ones.
  const inOrder = [...operations.entries()].sort(([a, first], [b, second]) => stageOf(first) - stageOf(second) || a - b);
  const outcome: FuzzOutcome = { requests: 0, byStatus: {}, failures: [] };
  for (const [done, [index, operation]] of inOrder.entries()) {
    const role = permittedRole(operation);
    const values = stageOf(operation) === 1 ? await knownTargets(db, known) : known;
    const requests = fc.sample(requestsFor(contract, operation, values), { seed: options.seed + index, numRuns: options.runsPerOperation });
    for (const request of requests) {
      // Now and then a call without the token, so the refusals before the input are fuzzed too.
      const signedIn = outcome.requests % 20 !== 19;
      const token = signedIn ? await tokenOf(role) : undefined;
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      outcome.requests += 1;
      outcome.byStatus[response.statusCode] = (outcome.byStatus[response.statusCode] ?? 0) + 1;
      // A call that ended the session (signing out) leaves the next ones a new one.
      if (token && response.statusCode === 401) tokens.delete(role);
      const problem = offContract(operation, request, response);
      if (problem && outcome.failures.length < MAX_FAILURES_KEPT) {
        outcome.failures.push(`${operation.operationId}: ${problem}\n  ${describeRequest(request)}\n  answered ${response.body.slice(0, 300)}`);
      }
    }
    options.onOperation?.(operation, done + 1, operations.length);
  }
  return outcome;
}
