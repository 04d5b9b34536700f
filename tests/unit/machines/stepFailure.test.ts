import { describe, expect, it } from 'vitest';
import { answerOf, robotFailureOf, serverFailureOf, unexpectedFailureOf } from '../../../machines/shared/stepFailure';
import { ErrorAnswer } from '../../../src/api/envelope';
import { RobotError } from '../../../src/robot/protocol';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('robotFailureOf', () => {
  it("keeps the robot's own code and reason", () => {
    expect(robotFailureOf(new RobotError('disconnected', 'The extension stopped answering.'))).toStrictEqual({
      source: 'robot',
      code: 'disconnected',
      message: 'The extension stopped answering.',
    });
  });

  it('calls any other error a fault in the app, with its message', () => {
    expect(robotFailureOf(new TypeError('args is undefined'))).toStrictEqual({ source: 'unexpected', message: 'args is undefined' });
  });

  it('words a thrown non-error as text', () => {
    expect(robotFailureOf('the port closed')).toStrictEqual({ source: 'unexpected', message: 'the port closed' });
    expect(unexpectedFailureOf(42)).toStrictEqual({ source: 'unexpected', message: '42' });
  });
});

describe('serverFailureOf', () => {
  it("is the server's failure, in its own words when it sent some", () => {
    const body = { error: { code: 'not_found', message: 'Group not found!' } };
    expect(serverFailureOf(body, jsonResponse(404, body))).toStrictEqual({ source: 'server', message: 'Group not found!' });
  });

  it('names the status when the server gave no reason, and the silence when it did not answer', () => {
    expect(serverFailureOf(undefined, new Response(null, { status: 502 }))).toStrictEqual({
      source: 'server',
      message: 'The server answered with HTTP 502.',
    });
    expect(serverFailureOf(new TypeError('Failed to fetch'), undefined)).toStrictEqual({ source: 'server', message: 'The server did not answer.' });
  });
});

describe('answerOf', () => {
  it("passes the call's answer through", async () => {
    const response = jsonResponse(200, { count: 3 });
    const answer = { data: { count: 3 }, error: undefined, response };
    expect(await answerOf(() => Promise.resolve(answer))).toBe(answer);
  });

  it("turns an envelope-mode error answer into an answer without data, carrying the server's body and response", async () => {
    const body = { error: { code: 'conflict', message: 'Someone holds this group already.' } };
    const response = jsonResponse(409, body);
    const answer = await answerOf(() => Promise.reject(new ErrorAnswer('Someone holds this group already.', response, body)));
    expect(answer).toStrictEqual({ data: undefined, error: body, response });
    expect(answer.response?.status).toBe(409);
  });

  it('turns a network failure into an answer without data or response', async () => {
    const failure = new TypeError('Failed to fetch');
    const answer = await answerOf(() => Promise.reject(failure));
    expect(answer).toStrictEqual({ data: undefined, error: failure, response: undefined });
    expect(serverFailureOf(answer.error, answer.response)).toStrictEqual({ source: 'server', message: 'The server did not answer.' });
  });
});
