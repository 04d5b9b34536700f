// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PURCHASE_RECORD_KEYS } from '../../../src/payments/purchaseRecord';
import { adminUser, freeGroup, monthlyGroup, statusFixture } from '../support/sessionFixtures';
import { renderApp, signedInStorage } from '../app/support/appHarness';
import { createFakeServer, type FakeServer } from '../app/support/fakeServer';

const TERMS = 'I accept the terms and conditions';

function openAs(path: string, groups = [freeGroup, monthlyGroup]) {
  const server = createFakeServer(
    [{ account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' }, user: adminUser, groups }],
    statusFixture(),
  );
  return { server, app: renderApp({ server, path, storage: signedInStorage(server.signIn('ada')) }) };
}

/** The payment calls the server got, with their idempotency keys. */
function paymentRequests(server: FakeServer) {
  return server.requests.filter((request) => /subscription|card_tokens/.test(request.path));
}

async function typeCard(number: string) {
  fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  const expiry = screen.getByLabelText('Expiry (MM/YY)');
  await act(async () => {
    expiry.focus();
    fireEvent.input(expiry, { target: { value: '1230' } });
  });
}

afterEach(() => window.localStorage.clear());

describe('the purchase route', () => {
  it('tokenizes the sandbox card, buys the chosen plan with its token and keeps the purchase for the thank-you page', async () => {
    const { server } = openAs(`/${freeGroup.fb_group_id}/purchase`);
    const keys: Array<string | null> = [];
    server.override((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/sandbox/payments/card_tokens')) return server.json({ token: 'tok_route', brand: 'visa', last4: '4242' }, 201);
      if (path.endsWith(`/groups/${freeGroup.id}/subscription`)) {
        keys.push(request.headers.get('Idempotency-Key'));
        return server.json({ group: { ...freeGroup, subscribed_plan: 'monthly' }, transaction_id: 'in_route', total: 4500 });
      }
      if (path.endsWith(`/groups/${freeGroup.id}/flags`)) return server.json({ flags: { checkbox_payment_terms_accept: true, count_payment_error: 0 } });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('radio', { name: /Monthly/ }));
    await typeCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByLabelText(TERMS));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.localStorage.getItem(PURCHASE_RECORD_KEYS.total)).toBe('45'));
    expect(window.localStorage.getItem(PURCHASE_RECORD_KEYS.transactionId)).toBe('in_route');
    expect(window.localStorage.getItem(PURCHASE_RECORD_KEYS.returnUrl)).toBe(`/${freeGroup.fb_group_id}/dashboard`);
    expect(paymentRequests(server).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/sandbox/payments/card_tokens', body: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
      { method: 'POST', path: `/groups/${freeGroup.id}/subscription`, body: { plan: 'monthly', token: 'tok_route' } },
    ]);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(server.requests.some((request) => request.path === `/groups/${freeGroup.id}/flags` && request.method === 'POST')).toBe(true);
  });

  it('shows the ad-blocker message when the lab blocks the payment processor', async () => {
    const { server } = openAs(`/${freeGroup.fb_group_id}/purchase`);
    server.override((request) =>
      new URL(request.url).pathname.endsWith('/status')
        ? server.json(statusFixture({ sandbox_toggles: { extension_connected: true, payment_provider_blocked: true } }))
        : undefined,
    );
    expect(await screen.findByText(/blocking our payment processor/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

describe('the change-card route', () => {
  it("changes the card of the user's paid group", async () => {
    const { server } = openAs('/change_card');
    server.override((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/sandbox/payments/card_tokens')) return server.json({ token: 'tok_new', brand: 'visa', last4: '4242' }, 201);
      if (path.endsWith('/subscription/source')) return server.failure(402, 'payment_failed', 'Your card was declined.');
      return undefined;
    });
    await typeCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByLabelText(TERMS));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Error: Your card was declined.')).toBeInTheDocument();
    expect(paymentRequests(server).at(-1)).toEqual({ method: 'POST', path: `/groups/${monthlyGroup.id}/subscription/source`, body: { token: 'tok_new' } });
  });

  it('says there is no card to change when no group is paid', async () => {
    openAs('/change_card', [freeGroup]);
    expect(await screen.findByText(/None of your groups has a paid plan/)).toBeInTheDocument();
  });
});
