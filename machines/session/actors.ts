import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import { ErrorAnswer } from '../../src/api/envelope';
import type { components } from '../../src/api/schema';
import { failureReason } from '../../src/api/failureReason';

export type User = components['schemas']['User'];
export type SessionInfo = components['schemas']['SessionInfo'];

/** What GET /session learned about the stored token. */
export type SessionLookup =
  | { kind: 'signedIn'; session: SessionInfo }
  | { kind: 'unauthorized' }
  | { kind: 'unavailable'; reason: string };

/** What POST /session (or POST /session/switch) answered. */
export type SessionOpening = { kind: 'opened'; accessToken: string; user: User } | { kind: 'refused'; reason: string };

export type SwitchBackResult = { kind: 'switchedBack'; user: User } | { kind: 'failed'; reason: string };

interface ApiInput {
  api: ApiClient;
}

async function answerOf<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ErrorAnswer) return { data: undefined, error: error.body, response: error.response };
    return { data: undefined, error, response: undefined };
  }
}

/** GET /session with the stored token; without one nobody is signed in and the server is not asked. */
export const fetchSession = fromPromise<SessionLookup, ApiInput & { token: string | null }>(async ({ input, signal }) => {
  if (!input.token) return { kind: 'unauthorized' };
  const { data, error, response } = await answerOf(() => input.api.GET('/session', { signal }));
  if (data) return { kind: 'signedIn', session: data };
  if (response?.status === 401) return { kind: 'unauthorized' };
  return { kind: 'unavailable', reason: failureReason(error, response) };
});

/** POST /session: trades the social network's token for ours. */
export const createSession = fromPromise<SessionOpening, ApiInput & { facebookToken: string }>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() =>
    input.api.POST('/session', { body: { facebook_token: input.facebookToken }, signal }),
  );
  if (data) return { kind: 'opened', accessToken: data.access_token, user: data.user };
  return { kind: 'refused', reason: failureReason(error, response) };
});

/** POST /session/switch: a supervisor opens a session as another user. */
export const switchSession = fromPromise<SessionOpening, ApiInput & { userId: number }>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() =>
    input.api.POST('/session/switch', { body: { user_id: input.userId }, signal }),
  );
  if (data) return { kind: 'opened', accessToken: data.access_token, user: data.user };
  return { kind: 'refused', reason: failureReason(error, response) };
});

/** DELETE /session/switch with the switched token: the server ends it and names the supervisor to return to. */
export const endSwitchedSession = fromPromise<SwitchBackResult, ApiInput>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() => input.api.DELETE('/session/switch', { signal }));
  if (data) return { kind: 'switchedBack', user: data.user };
  return { kind: 'failed', reason: failureReason(error, response) };
});

/** DELETE /session. Signing out locally goes ahead whatever the server says, so the answer is not kept. */
export const deleteSession = fromPromise<void, ApiInput>(async ({ input, signal }) => {
  await answerOf(() => input.api.DELETE('/session', { signal }));
});
