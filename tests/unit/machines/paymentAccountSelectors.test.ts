import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AccountAnswer, PaymentAccount, PaymentTask } from '../../../machines/paymentAccount/actors';
import { paymentAccountMachine } from '../../../machines/paymentAccount/machine';
import { accountTitleOf, connectionsSettingsAccess, matchProcessesOf, paymentAccountPageOf } from '../../../machines/paymentAccount/selectors';
import { createApiClient } from '../../../src/api/client';
import { timeAgo } from '../../../src/ui/timeAgo';

const task = (task_id: number, status: PaymentTask['properties']['status'], start_timestamp: number | null = 1_700_000_000): PaymentTask => ({
  task_id,
  properties: { status, progress: 50, start_timestamp },
});
const account = (onboarding: PaymentAccount['properties']['onboarding'], tasks: PaymentTask[] = [], company_name: string | null = null): PaymentAccount => ({
  properties: { company_name, onboarding },
  tasks,
});

/** The account's workflow once its account is loaded. */
async function loaded(answer: AccountAnswer) {
  const machine = paymentAccountMachine.provide({ actors: { fetchAccount: fromPromise(async () => answer) } });
  const api = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the test answers every call')) });
  const actor = createActor(machine, { input: { api, groupId: 1, watchesMatchProcesses: true } });
  actor.start();
  const snapshot = await waitFor(actor, (current) => !current.matches('loading'));
  actor.stop();
  return snapshot;
}

describe('the connections page of an account', () => {
  it.each([
    [null, 'connect'],
    ['started', 'continueOnboarding'],
    ['refresh', 'continueOnboarding'],
  ] as const)('offers, for onboarding %s, to %s', async (onboarding, offer) => {
    expect(paymentAccountPageOf(await loaded({ kind: 'loaded', account: account(onboarding) }))).toEqual({
      kind: 'offer',
      offer,
      connecting: false,
      failure: null,
    });
  });

  it('shows the data of a completed account', async () => {
    const page = paymentAccountPageOf(await loaded({ kind: 'loaded', account: account('completed', [task(1, 'running')]) }));
    expect(page).toMatchObject({ kind: 'connected', confirmingDisconnect: false, disconnecting: false, failure: null });
  });

  it('says why the account could not be loaded', async () => {
    expect(paymentAccountPageOf(await loaded({ kind: 'failed', message: 'The server did not answer.' }))).toEqual({
      kind: 'loadFailed',
      failure: 'The server did not answer.',
    });
  });

  it("is titled with the account's company name, else the provider's", async () => {
    expect(accountTitleOf(await loaded({ kind: 'loaded', account: account('completed', [], 'Trail Runners LLC') }))).toBe('Trail Runners LLC');
    expect(accountTitleOf(await loaded({ kind: 'loaded', account: account('completed') }))).toBe('Stripe');
    expect(accountTitleOf(await loaded({ kind: 'loaded', account: account(null, [], '') }))).toBe('Stripe');
  });
});

describe('the match processes', () => {
  it("say 'Data loading' while there are none", () => {
    expect(matchProcessesOf(account('completed'))).toEqual({ kind: 'dataLoading' });
  });

  it('list the unfinished ones with their status word, and no start for a pending one', () => {
    const processes = matchProcessesOf(account('completed', [task(1, 'completed'), task(2, 'running', 1_700_000_100), task(3, 'pending', null), task(4, 'failed')]));
    expect(processes).toEqual({
      kind: 'active',
      rows: [
        { id: 2, status: 'Running', progress: 50, startedAt: 1_700_000_100 },
        { id: 3, status: 'Pending', progress: 50, startedAt: null },
        { id: 4, status: 'Failed', progress: 50, startedAt: 1_700_000_000 },
      ],
    });
  });

  it('hide completed ones', () => {
    expect(matchProcessesOf(account('completed', [task(1, 'completed'), task(2, 'completed')]))).toEqual({ kind: 'none' });
  });
});

describe("the settings page's Connections Settings block", () => {
  const flags = (connects_is_enabled: boolean) => ({ flags: { connects_is_enabled } });

  it('shows only with the user flag connects_is_enabled', () => {
    expect(connectionsSettingsAccess({ subscribed_plan: 'annual', is_locked: false }, flags(false))).toBe('hidden');
    expect(connectionsSettingsAccess({ subscribed_plan: 'annual', is_locked: false }, flags(true))).toBe('open');
  });

  it('is locked for free groups, and blocked for locked ones', () => {
    expect(connectionsSettingsAccess({ subscribed_plan: 'free', is_locked: false }, flags(true))).toBe('freePlan');
    expect(connectionsSettingsAccess({ subscribed_plan: 'monthly', is_locked: true }, flags(true))).toBe('groupLocked');
    expect(connectionsSettingsAccess({ subscribed_plan: 'once', is_locked: false }, flags(true))).toBe('open');
  });
});

describe('time ago', () => {
  const now = 1_700_000_000_000;
  it('counts in the largest whole unit', () => {
    expect(timeAgo(now / 1000 - 30, now)).toBe('just now');
    expect(timeAgo(now / 1000 - 60, now)).toBe('1 minute ago');
    expect(timeAgo(now / 1000 - 5 * 60 - 59, now)).toBe('5 minutes ago');
    expect(timeAgo(now / 1000 - 3600, now)).toBe('1 hour ago');
    expect(timeAgo(now / 1000 - 2 * 86400, now)).toBe('2 days ago');
  });
});
