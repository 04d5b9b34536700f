import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject, type InputFrom } from 'xstate';
import type { AccountAnswer, ConnectAnswer, DisconnectAnswer, PaymentAccount, fetchAccount } from '../../machines/paymentAccount/actors';
import { paymentAccountMachine, type PaymentAccountEvent, type PaymentAccountInput } from '../../machines/paymentAccount/machine';
import { createApiClient } from '../../src/api/client';
import { ConnectionsWorkflow } from '../../src/features/connections/ConnectionsWorkflow';
import { FIXTURE_NOW, PAYMENT_ACCOUNT_ANSWERS, PROVIDER_REDIRECT_URL } from '../../src/features/connections/fixtures';
import { ToastProvider } from '../../src/ui/toast';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { itChecksEveryPath } from './support/modelChecks';
import { actorDoneEvents, delayedEvents, type ActorDoneEvent, type DelayedEvent } from './support/modelEvents';
import { SPEC_PAYMENT_ACCOUNT_POLL_MS } from '../support/spec-numbers';

type ActorOutput = AccountAnswer | ConnectAnswer | DisconnectAnswer;
type ModelEvent = PaymentAccountEvent | ActorDoneEvent<ActorOutput> | DelayedEvent;

const { fetchAccount: loads, connectAccount: connects, disconnectAccount: disconnects } = PAYMENT_ACCOUNT_ANSWERS;

/** A provider that needs no onboarding page, for an account whose match processes are done already. */
const COMPLETED_AND_MATCHED_AT_ONCE: ConnectAnswer = { kind: 'started', account: loads.completedFinished.account, redirectUrl: null };

const modelEvents: ModelEvent[] = [
  { type: 'account.retry' },
  { type: 'account.connect' },
  { type: 'account.disconnect' },
  { type: 'account.disconnect.confirmed' },
  { type: 'account.disconnect.cancelled' },
  ...actorDoneEvents<ActorOutput>('fetchAccount', Object.values(loads)),
  ...actorDoneEvents<ActorOutput>('pollAccount', [loads.completedRunning, loads.completedFinished, loads.onboardingRefresh, loads.notConnected, loads.failed]),
  ...actorDoneEvents<ActorOutput>('connectAccount', [...Object.values(connects), COMPLETED_AND_MATCHED_AT_ONCE]),
  ...actorDoneEvents<ActorOutput>('disconnectAccount', Object.values(disconnects)),
  ...delayedEvents(paymentAccountMachine),
];

const unusedApi = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the model provides every actor')) });
const GROUP_ID = 3;
const INPUT: PaymentAccountInput = { api: unusedApi, groupId: GROUP_ID, watchesMatchProcesses: true };

const model = createMachineTestModel(paymentAccountMachine, {
  input: INPUT,
  events: modelEvents,
  distinguishingContext: ({ context }) => ({
    onboarding: context.account?.properties.onboarding ?? null,
    tasks: context.account?.tasks.map((task) => task.properties.status) ?? null,
    failure: context.failure !== null,
  }),
});
const paths = model.getShortestPaths();

/** What the admin has been told so far, kept by the test itself: what the page must show follows from it, not from the machine. */
interface Story {
  account: PaymentAccount | null;
  failure: string | null;
  closedReason: string | null;
}

function startSystem() {
  const actors = {
    fetchAccount: createDeferredActor<AccountAnswer, InputFrom<typeof fetchAccount>>(),
    connectAccount: createDeferredActor<ConnectAnswer, InputFrom<typeof fetchAccount>>(),
    disconnectAccount: createDeferredActor<DisconnectAnswer, InputFrom<typeof fetchAccount>>(),
  };
  const visited: string[] = [];
  const machine = paymentAccountMachine.provide({
    actors: { fetchAccount: actors.fetchAccount.logic, connectAccount: actors.connectAccount.logic, disconnectAccount: actors.disconnectAccount.logic },
    actions: { goToProvider: (_, { url }) => void visited.push(url) },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: INPUT, clock });
  const toasts: string[] = [];
  actor.on('account.disconnected', () => void toasts.push('disconnected'));
  render(
    <PrimeReactProvider value={{ cssTransition: false }}>
      <ToastProvider>
        <ConnectionsWorkflow actor={actor} review={<section aria-label="Review of the matches" />} />
      </ToastProvider>
    </PrimeReactProvider>,
  );
  const story: Story = { account: null, failure: null, closedReason: null };
  return { actor, actors, clock, machine, story, visited, toasts, stop: () => actor.stop() };
}

type System = ReturnType<typeof startSystem>;
type ActorId = keyof System['actors'];

function expectWaiting(system: System, id: ActorId | null) {
  for (const other of Object.keys(system.actors) as ActorId[]) expect(system.actors[other].waitingRuns(), other).toBe(other === id ? 1 : 0);
}

const page = () => within(screen.getByRole('region', { name: /^Connections: / }));
const connectButton = () => page().getByRole('button', { name: /Stripe$/ }) as HTMLButtonElement;
const dialog = () => within(screen.getByRole('dialog'));
const ONBOARDING_WARNING = 'Please complete the stripe onboarding process.';

/** The title carries the account's company name, the provider's until it has one. */
function expectTitle(system: System) {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Connections: ${system.story.account?.properties.company_name ?? 'Stripe'}`);
}

/** Not completed: the connect block, 'Continue onboarding with' and its warning for started or refresh, else Connect. */
function expectOffer(system: System, { busy }: { busy: boolean }) {
  const onboarding = system.story.account?.properties.onboarding ?? null;
  const continues = onboarding === 'started' || onboarding === 'refresh';
  expect(page().getByText(/matches the group members to the Stripe customers/)).toBeTruthy();
  expect(connectButton().textContent).toBe(continues ? 'Continue onboarding with Stripe' : 'Connect with Stripe');
  expect(page().queryByText(ONBOARDING_WARNING) !== null).toBe(continues);
  expect(connectButton().disabled).toBe(busy);
  expect(page().queryByText('Data loading, Please Refresh...')).toBeNull();
  expect(page().queryByRole('button', { name: 'Disconnect' })).toBeNull();
}

/** Completed: 'Data loading, Please Refresh...' without tasks; 'Active Match Processes' lists the unfinished ones; completed ones hidden. */
function expectAccountData(system: System, { busy }: { busy: boolean }) {
  const tasks = system.story.account!.tasks;
  const unfinished = tasks.filter((task) => task.properties.status !== 'completed');
  expect(page().queryByText('Data loading, Please Refresh...') !== null).toBe(tasks.length === 0);
  expect(page().queryByText('Active Match Processes') !== null).toBe(unfinished.length > 0);
  if (unfinished.length > 0) {
    const rows = within(page().getByRole('list', { name: 'Active Match Processes' })).getAllByRole('listitem');
    expect(rows).toHaveLength(unfinished.length);
    unfinished.forEach((task, index) => {
      const { status, progress } = task.properties;
      expect(rows[index].textContent).toContain(status[0].toUpperCase() + status.slice(1));
      expect(rows[index].textContent?.includes('ago')).toBe(status !== 'pending');
      expect(within(rows[index]).getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(progress));
    });
  }
  expect(page().getByRole('region', { name: 'Review of the matches' })).toBeTruthy();
  expect(page().queryByText(ONBOARDING_WARNING)).toBeNull();
  expect((page().getByRole('button', { name: 'Disconnect' }) as HTMLButtonElement).disabled).toBe(busy);
  if (system.story.failure) expect(page().getByRole('alert').textContent).toBe(system.story.failure);
  else expect(page().queryByRole('alert')).toBeNull();
}

function expectConfirmation(busy: boolean) {
  expect(dialog().getByText('Are you sure want to disconnect stripe account?')).toBeTruthy();
  expect((dialog().getByRole('button', { name: 'Disconnect' }) as HTMLButtonElement).disabled).toBe(busy);
}

function implementationFor(system: System) {
  const answer = (id: ActorId) => async ({ event }: { event: EventObject }) => {
    const output = (event as ActorDoneEvent<ActorOutput>).output;
    if (output.kind === 'loaded' || output.kind === 'started') {
      system.story.account = output.account;
      system.story.failure = null;
    } else if (output.kind === 'disconnected') {
      system.story.account = null;
      system.story.failure = null;
    } else if (output.kind === 'closed') {
      system.story.closedReason = output.message;
    } else {
      system.story.failure = output.message;
    }
    await act(async () => {
      (system.actors[id].resolve as (output: ActorOutput) => void)(output);
      await settle();
    });
  };
  const click = (button: () => HTMLElement) => async () => act(async () => void fireEvent.click(button()));
  return {
    states: {
      loading: () => {
        expectWaiting(system, 'fetchAccount');
        expectTitle(system);
        expect(screen.getByRole('status').textContent).toContain('Loading the Stripe account…');
        expect(screen.getByRole('status').querySelector('svg')).not.toBeNull();
      },
      loadFailed: () => {
        expectWaiting(system, null);
        expect(screen.getByRole('alert').textContent).toBe(`The Stripe account could not be loaded. ${system.story.failure}Try again`);
      },
      offeringConnect: () => {
        expectWaiting(system, null);
        expectTitle(system);
        expectOffer(system, { busy: false });
        expect(system.story.account?.properties.onboarding ?? null).toBeNull();
      },
      offeringOnboarding: () => {
        expectWaiting(system, null);
        expectOffer(system, { busy: false });
        expect(['started', 'refresh']).toContain(system.story.account?.properties.onboarding);
      },
      connecting: () => {
        expectWaiting(system, 'connectAccount');
        expect(system.actors.connectAccount.waitingInputs()[0]!.groupId).toBe(GROUP_ID);
        expectOffer(system, { busy: true });
      },
      leavingForProvider: () => {
        expectWaiting(system, null);
        expect(system.visited).toEqual([PROVIDER_REDIRECT_URL]);
        expect(connectButton().disabled).toBe(true);
      },
      connected: () => expectTitle(system),
      'connected.waitingToPoll': async () => {
        expectWaiting(system, null);
        expectAccountData(system, { busy: false });
        // The next poll comes 3000 ms after the last answer, not a moment sooner.
        await act(async () => void system.clock.increment(SPEC_PAYMENT_ACCOUNT_POLL_MS - 1));
        expectWaiting(system, null);
      },
      'connected.polling': () => {
        expectWaiting(system, 'fetchAccount');
        expectAccountData(system, { busy: false });
      },
      'connected.watching': async () => {
        expectWaiting(system, null);
        expectAccountData(system, { busy: false });
        // Every match process is completed: the account is not polled again.
        await act(async () => void system.clock.increment(60_000));
        expectWaiting(system, null);
      },
      'connected.confirmingDisconnect': () => {
        expectWaiting(system, null);
        expectConfirmation(false);
      },
      'connected.disconnecting': () => {
        expectWaiting(system, 'disconnectAccount');
        expectConfirmation(true);
      },
      closed: () => {
        expectWaiting(system, null);
        expect(page().getByText(/^Connections are closed to this group: it is on the free plan or locked\./).textContent).toContain(
          system.story.closedReason,
        );
        expect(page().queryByRole('button')).toBeNull();
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'account.retry': click(() => screen.getByRole('button', { name: 'Try again' })),
      'account.connect': click(connectButton),
      'account.disconnect': click(() => page().getByRole('button', { name: 'Disconnect' })),
      'account.disconnect.confirmed': click(() => dialog().getByRole('button', { name: 'Disconnect' })),
      'account.disconnect.cancelled': click(() => dialog().getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.fetchAccount': answer('fetchAccount'),
      'xstate.done.actor.pollAccount': answer('fetchAccount'),
      'xstate.done.actor.connectAccount': answer('connectAccount'),
      'xstate.done.actor.disconnectAccount': answer('disconnectAccount'),
      ...Object.fromEntries(
        delayedEvents(paymentAccountMachine).map(({ type }) => [
          type,
          async ({ event }: { event: EventObject }) =>
            act(async () => {
              // The state's assertion has moved the clock all but the last millisecond of the spec's 3000 ms already.
              system.clock.increment(1);
              await settle();
              expect(event.type).toContain('pollInterval');
            }),
        ]),
      ),
    },
  };
}

function labelAnswer(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const answers: Record<string, Record<string, ActorOutput>> = {
    fetchAccount: loads,
    pollAccount: loads,
    connectAccount: { ...connects, completedAndMatchedAtOnce: COMPLETED_AND_MATCHED_AT_ONCE },
    disconnectAccount: disconnects,
  };
  const id = event.type.split('.')[3];
  const name = Object.entries(answers[id]).find(([, known]) => known === output)?.[0];
  return `${id} done: ${name}`;
}

describe('paymentAccount model', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(FIXTURE_NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  itChecksEveryPath({ machine: paymentAccountMachine, paths, startSystem: () => startSystem(), implementationFor, labelAnswer: labelAnswer });
});

describe('polling the account', () => {
  afterEach(() => vi.useRealTimers());

  /** A server whose GET /groups/3/account answers the accounts given, one a call, the last one again after them. */
  function accountServer(accounts: PaymentAccount[]) {
    const calls: string[] = [];
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      const account = accounts[Math.min(calls.length - 1, accounts.length - 1)];
      return new Response(JSON.stringify(account), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    return { api: createApiClient({ baseUrl: 'http://api.test/api/v1', fetch }), calls };
  }

  async function started(accounts: PaymentAccount[]) {
    vi.useFakeTimers();
    const server = accountServer(accounts);
    const actor = createActor(paymentAccountMachine, { input: { api: server.api, groupId: GROUP_ID, watchesMatchProcesses: true } });
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    return { actor, calls: server.calls };
  }

  const running = loads.completedRunning.account;
  const finished = loads.completedFinished.account;
  const empty = loads.completedWithoutTasks.account;

  it('asks again 3000 ms after each answer while match processes run, not a moment sooner', async () => {
    const { actor, calls } = await started([running]);
    expect(calls).toEqual(['GET /api/v1/groups/3/account']);
    await vi.advanceTimersByTimeAsync(SPEC_PAYMENT_ACCOUNT_POLL_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SPEC_PAYMENT_ACCOUNT_POLL_MS - 1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    actor.stop();
  });

  it('keeps asking while there are no match processes yet, and stops once every one is completed', async () => {
    const { actor, calls } = await started([empty, running, finished]);
    await vi.advanceTimersByTimeAsync(2 * SPEC_PAYMENT_ACCOUNT_POLL_MS);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
    actor.stop();
  });

  it('stops asking when the page closes', async () => {
    const { actor, calls } = await started([running]);
    actor.stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(1);
  });

  it('tells the server once that the provider sent the browser back to refresh an expired link', async () => {
    vi.useFakeTimers();
    const server = accountServer([running]);
    const input = { api: server.api, groupId: GROUP_ID, watchesMatchProcesses: true, returnedToRefresh: true };
    const actor = createActor(paymentAccountMachine, { input });
    actor.start();
    await vi.advanceTimersByTimeAsync(SPEC_PAYMENT_ACCOUNT_POLL_MS);
    expect(server.calls).toEqual(['GET /api/v1/groups/3/account?onboarding=refresh', 'GET /api/v1/groups/3/account']);
    actor.stop();
  });

  it('polls nothing for the settings block, which only connects and disconnects', async () => {
    vi.useFakeTimers();
    const server = accountServer([running]);
    const actor = createActor(paymentAccountMachine, { input: { api: server.api, groupId: GROUP_ID, watchesMatchProcesses: false } });
    actor.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toHaveLength(1);
    actor.stop();
  });
});
