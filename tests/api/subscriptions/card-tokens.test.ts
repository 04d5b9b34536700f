import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createTestServer, type TestServer } from '../support/test-server';
import { CARDS, NOW } from './billing-world';

const contract = createResponseValidator();

describe.each(databaseKinds())("the sandbox card form's tokens on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
  });
  afterAll(async () => server?.close());

  const tokenize = (number: string, expiry: { exp_month: number; exp_year: number } = { exp_month: 12, exp_year: 2030 }) =>
    server.app.inject({ method: 'POST', url: '/api/v1/sandbox/payments/card_tokens', payload: { number, ...expiry, cvc: '123' } });

  it('tokenizes 4242 4242 4242 4242 as a visa ending 4242', async () => {
    const response = await tokenize(CARDS.visa);
    expect(response.statusCode).toBe(201);
    expect(contract.validate('/sandbox/payments/card_tokens', 'POST', 201, response.json())).toBeUndefined();
    expect(response.json()).toMatchObject({ brand: 'visa', last4: '4242', token: expect.stringMatching(/^tok_sandbox_/) });
  });

  it('declines 4000 0000 0000 0002 with "Your card was declined."', async () => {
    const response = await tokenize(CARDS.declined);
    expect(response.statusCode).toBe(402);
    expect(contract.validate('/sandbox/payments/card_tokens', 'POST', 402, response.json())).toBeUndefined();
    expect(response.json().error).toEqual({ code: 'payment_failed', message: 'Your card was declined.' });
  });

  it('tokenizes 4000 0000 0000 9995, whose charges are then refused for insufficient funds', async () => {
    expect((await tokenize(CARDS.insufficientFunds)).json()).toMatchObject({ last4: '9995' });
  });

  it('refuses an expiry in the past with 402, and takes a card until the end of its expiry month', async () => {
    const lastMonth = await tokenize(CARDS.visa, { exp_month: 10, exp_year: 2026 });
    expect(lastMonth.statusCode).toBe(402);
    expect(lastMonth.json().error.message).toBe('Your card has expired.');
    expect((await tokenize(CARDS.visa, { exp_month: 12, exp_year: 2025 })).statusCode).toBe(402);
    expect((await tokenize(CARDS.visa, { exp_month: 11, exp_year: 2026 })).statusCode).toBe(201);
  });

  it('refuses a number that is not a test card', async () => {
    const response = await tokenize('4111111111111112');
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe('Your card number is incorrect.');
  });

  it('is not there in live mode', async () => {
    const live = await createTestServer(kind, { mode: 'live' });
    try {
      const response = await live.app.inject({
        method: 'POST',
        url: '/api/v1/sandbox/payments/card_tokens',
        payload: { number: CARDS.visa, exp_month: 12, exp_year: 2030, cvc: '123' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
