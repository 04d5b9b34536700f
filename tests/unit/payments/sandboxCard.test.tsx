// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createCardSlot } from '../../../src/payments/cardSlot';
import { SandboxCardForm } from '../../../src/payments/SandboxCardForm';
import { sandboxCardEntry, sandboxCardOf, tokenizeSandboxCard } from '../../../src/payments/sandboxCard';

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** An API client over a fake server answering each path with a status and a body; it records what was sent. */
function fakeApi(answers: Record<string, { status: number; body: unknown }>) {
  const sent: SentRequest[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch: async (request: Request) => {
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      const text = await request.text();
      sent.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      const answer = answers[`${request.method} ${path}`];
      if (!answer) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No route' } }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { api, sent };
}

const TOKEN_PATH = 'POST /sandbox/payments/card_tokens';
const noSignal = new AbortController().signal;

afterEach(cleanup);

describe('the sandbox card', () => {
  it('reads the number without spaces, the expiry as month and 20YY, and the CVC', () => {
    expect(sandboxCardOf({ number: '4242 4242 4242 4242', expiry: '04/29', cvc: '123' })).toEqual({
      number: '4242424242424242',
      exp_month: 4,
      exp_year: 2029,
      cvc: '123',
    });
  });

  it.each([
    ['an empty form', { number: '', expiry: '', cvc: '' }],
    ['a short number', { number: '4242 4242', expiry: '04/29', cvc: '123' }],
    ['a half-typed expiry', { number: '4242424242424242', expiry: '04/M', cvc: '123' }],
    ['a month 13', { number: '4242424242424242', expiry: '13/29', cvc: '123' }],
    ['a two-digit CVC', { number: '4242424242424242', expiry: '04/29', cvc: '12' }],
  ])('is incomplete with %s, and nothing is sent', async (_case, fields) => {
    const { api, sent } = fakeApi({});
    expect(await tokenizeSandboxCard(api, fields, noSignal)).toEqual({ kind: 'incomplete' });
    expect(sent).toEqual([]);
  });

  it('gets a token from the sandbox provider for a complete card', async () => {
    const { api, sent } = fakeApi({ [TOKEN_PATH]: { status: 201, body: { token: 'tok_1', brand: 'Visa', last4: '4242' } } });
    const outcome = await tokenizeSandboxCard(api, { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '321' }, noSignal);
    expect(outcome).toEqual({ kind: 'token', token: 'tok_1' });
    expect(sent).toEqual([
      { method: 'POST', path: '/sandbox/payments/card_tokens', body: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '321' } },
    ]);
  });

  it("gives the provider's own message when it refuses the card", async () => {
    const { api } = fakeApi({ [TOKEN_PATH]: { status: 402, body: { error: { code: 'payment_failed', message: 'Your card was declined.' } } } });
    const outcome = await tokenizeSandboxCard(api, { number: '4000 0000 0000 0002', expiry: '12/30', cvc: '321' }, noSignal);
    expect(outcome).toEqual({ kind: 'refused', message: 'Your card was declined.' });
  });

  it('is blocked while the lab toggle payment_provider_blocked is on, and ready otherwise', async () => {
    const status = (blocked: boolean) => ({
      status: 200,
      body: {
        app_version: '0.1.0',
        robot_version: '2.4.0',
        robot_outdated: null,
        sandbox: true,
        features: { login_disabled: false, lab: true, single_sign_on: true, affiliates_enabled: true },
        companion_url: null,
        payment_public_key: null,
        sandbox_toggles: { extension_connected: true, payment_provider_blocked: blocked },
      },
    });
    const slot = createCardSlot();
    expect(await sandboxCardEntry(fakeApi({ 'GET /status': status(true) }).api, slot).load(noSignal)).toEqual({ kind: 'blocked' });
    expect(await sandboxCardEntry(fakeApi({ 'GET /status': status(false) }).api, slot).load(noSignal)).toEqual({ kind: 'ready' });
  });
});

describe('the sandbox card form', () => {
  it('tokenizes what is typed into it through its slot, and nothing once it is gone', async () => {
    const { api, sent } = fakeApi({ [TOKEN_PATH]: { status: 201, body: { token: 'tok_typed', brand: 'Visa', last4: '4242' } } });
    const slot = createCardSlot();
    const { unmount } = render(<SandboxCardForm api={api} slot={slot} />);
    expect(await slot.tokenize(noSignal)).toEqual({ kind: 'incomplete' });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    const expiry = screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement;
    await act(async () => {
      expiry.focus();
      fireEvent.input(expiry, { target: { value: '0431' } });
    });
    expect(expiry.value).toBe('04/31');
    expect(await slot.tokenize(noSignal)).toEqual({ kind: 'token', token: 'tok_typed' });
    expect(sent.at(-1)?.body).toEqual({ number: '4242424242424242', exp_month: 4, exp_year: 2031, cvc: '123' });
    unmount();
    expect(await slot.tokenize(noSignal)).toEqual({ kind: 'incomplete' });
  });
});
