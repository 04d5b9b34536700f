import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import {
  freeGroup,
  monthlyGroup,
  PAYMENT_ANSWERS,
  PURCHASE_RETURN_URL,
  userWithCard,
  userWithoutCard,
} from '../../src/payments/fixtures';
import type { loadCardForm, PaymentAnswer, reloadUser, saveTermsAccepted, SubscribeInput, SubscriptionResult, User } from '../../machines/purchase/actors';
import type { CardEntry, CardFormLoad, CardTokenOutcome } from '../../machines/purchase/cardEntry';
import { purchaseMachine, type PurchaseEvent, type PurchaseInput, type PurchaseRecord } from '../../machines/purchase/machine';
import { renderPurchase, PAYMENT_SPEC, paymentModelEvents, TERMS_EVENTS, unusedApi, unusedCard } from './purchaseScreens';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete, findModelGaps } from './support/modelGuard';
import type { ActorDoneEvent, ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';

type Snapshot = SnapshotFrom<typeof purchaseMachine>;
type ActorOutput = CardFormLoad | CardTokenOutcome | PaymentAnswer<SubscriptionResult> | User | null;
type ModelEvent = PurchaseEvent | ActorDoneEvent<ActorOutput> | ActorErrorEvent;

/** What the purchase page says (spec part 1 §2, §5, §8, §9), written here apart from the app's own texts. */
const SPEC = {
  ...PAYMENT_SPEC,
  summaries: {
    annual: { title: 'Annual license', price: '$297.00', note: "You're saving 45% with this plan" },
    monthly: { title: 'Monthly license', price: '$45.00', note: 'Switch to annual billing and Save 45%' },
  },
  annualCard: { perMonth: '$24.75', saving: 'save 45%' },
  /** The total kept after a purchase: 45 for monthly, else 297. */
  storedTotal: { monthly: 45, annual: 297 },
} as const;

const ACTOR_IDS = ['loadCardForm', 'tokenizeCard', 'createSubscription', 'upgradeSubscription', 'reloadUser'] as const;
type ActorId = (typeof ACTOR_IDS)[number];

const actorOutputs: Record<ActorId, ActorOutput[]> = {
  loadCardForm: Object.values(PAYMENT_ANSWERS.loadCardForm),
  tokenizeCard: Object.values(PAYMENT_ANSWERS.tokenizeCard),
  createSubscription: Object.values(PAYMENT_ANSWERS.createSubscription),
  upgradeSubscription: Object.values(PAYMENT_ANSWERS.upgradeSubscription),
  reloadUser: Object.values(PAYMENT_ANSWERS.reloadUser),
};

const eventFixtures: { [Type in PurchaseEvent['type']]: Array<Extract<PurchaseEvent, { type: Type }>> } = {
  'plan.choose': [
    { type: 'plan.choose', plan: 'annual' },
    { type: 'plan.choose', plan: 'monthly' },
  ],
  'terms.change': [...TERMS_EVENTS],
  'purchase.submit': [{ type: 'purchase.submit' }],
  'cardForm.retry': [{ type: 'cardForm.retry' }],
};

const modelEvents: ModelEvent[] = paymentModelEvents<ModelEvent, ActorOutput>(eventFixtures, actorOutputs);


/**
 * The worlds the page opens in: what the group's plan and the user's saved card decide it can reach.
 * The card form shows only to a user with no saved card, and never for an upgrade (part 1 §2, §5).
 */
const WORLDS = {
  'free group, no saved card': { group: freeGroup, user: userWithoutCard, cardForm: true },
  'free group, saved card': { group: freeGroup, user: userWithCard, cardForm: false },
  'monthly group': { group: monthlyGroup, user: userWithCard, cardForm: false },
} as const;
type WorldName = keyof typeof WORLDS;

function inputOf(world: WorldName): PurchaseInput {
  const { group, user } = WORLDS[world];
  return { api: unusedApi, card: unusedCard, returnUrl: PURCHASE_RETURN_URL, group, user };
}

function modelOf(world: WorldName) {
  return createMachineTestModel(purchaseMachine, {
    input: inputOf(world),
    events: modelEvents,
    distinguishingContext: ({ context }) => ({
      plan: context.plan,
      terms: context.termsAccepted,
      problem: context.problem?.kind ?? null,
      retry: context.attempt?.plan ?? null,
    }),
    isPossible: (snapshot, event) => {
      // The user unticks a ticked box and ticks an unticked one.
      if (event.type === 'terms.change') return (event as Extract<PurchaseEvent, { type: 'terms.change' }>).accepted !== snapshot.context.termsAccepted;
      // A page without the card form loads no payment processor, so nothing can block it.
      if (!WORLDS[world].cardForm && event.type.includes('.actor.loadCardForm')) {
        return event.type.startsWith('xstate.done') && (event as ActorDoneEvent<ActorOutput>).output === PAYMENT_ANSWERS.loadCardForm.ready;
      }
      return true;
    },
  });
}

const worldPaths = (Object.keys(WORLDS) as WorldName[]).map((world) => ({ world, paths: modelOf(world).getShortestPaths() }));

interface SubscribeRun {
  input: SubscribeInput;
  answer: PaymentAnswer<SubscriptionResult> | 'crashed' | null;
}

function startSystem(world: WorldName) {
  const actors = {
    loadCardForm: createDeferredActor<CardFormLoad, InputFrom<typeof loadCardForm>>(),
    tokenizeCard: createDeferredActor<CardTokenOutcome, { card: CardEntry }>(),
    createSubscription: createDeferredActor<PaymentAnswer<SubscriptionResult>, SubscribeInput>(),
    upgradeSubscription: createDeferredActor<PaymentAnswer<SubscriptionResult>, SubscribeInput>(),
    reloadUser: createDeferredActor<User | null, InputFrom<typeof reloadUser>>(),
  };
  const effects = {
    termsSaves: [] as Array<{ groupId: number }>,
    reloadedUsers: [] as User[],
    records: [] as PurchaseRecord[],
    thanks: 0,
    /** Every payment call sent, with how it was answered, in order. */
    runs: [] as SubscribeRun[],
    /** The ticks of the terms box the user made so far. */
    ticks: 0,
  };
  const machine = purchaseMachine.provide({
    actors: {
      loadCardForm: actors.loadCardForm.logic,
      tokenizeCard: actors.tokenizeCard.logic,
      createSubscription: actors.createSubscription.logic,
      upgradeSubscription: actors.upgradeSubscription.logic,
      reloadUser: actors.reloadUser.logic,
      saveTermsAccepted: fromPromise<void, InputFrom<typeof saveTermsAccepted>>(async ({ input }) => void effects.termsSaves.push({ groupId: input.groupId })),
    },
    actions: {
      userReloaded: (_, { user }) => void effects.reloadedUsers.push(user),
      recordPurchase: (_, { record }) => void effects.records.push(record),
      goToThanks: () => void (effects.thanks += 1),
    },
  });
  const input = inputOf(world);
  const actor = createActor(machine, { input });
  renderPurchase(actor);
  return { world, input, actor, actors, effects };
}

type System = ReturnType<typeof startSystem>;
type ModelStep = { event: EventObject };

/** Exactly the named call is under way; no other. */
function expectOnlyWaiting(system: System, id: ActorId | null) {
  const waiting = Object.fromEntries(ACTOR_IDS.map((other) => [other, system.actors[other].waitingRuns()]));
  expect(waiting).toEqual(Object.fromEntries(ACTOR_IDS.map((other) => [other, other === id ? 1 : 0])));
}

function continueButton() {
  return screen.getByRole('button', { name: /Continue/ });
}

function expectBusyForm() {
  expect(continueButton()).toBeDisabled();
}

/** The form as the spec describes it for the group and the plan selected. */
function expectForm(system: System, expected: Snapshot) {
  const { group } = system.input;
  const upgrading = group.subscribed_plan === 'monthly';
  // A monthly group is offered 'Upgrade to annual'.
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(upgrading ? 'Upgrade to annual' : 'Upgrade to PRO');
  const plans = within(screen.getByRole('radiogroup', { name: 'Plan' }));
  const annual = plans.getByRole('radio', { name: /Annual/ });
  expect(annual).toHaveTextContent(SPEC.annualCard.perMonth);
  expect(annual).toHaveTextContent(SPEC.annualCard.saving);
  // Monthly is hidden when upgrading.
  expect(plans.queryByRole('radio', { name: /Monthly/ }) === null).toBe(upgrading);
  const selected = expected.context.plan as 'annual' | 'monthly';
  expect(plans.getByRole('radio', { checked: true })).toHaveAccessibleName(new RegExp(selected, 'i'));
  const summary = within(screen.getByRole('complementary', { name: 'Summary' }));
  expect(summary.getByRole('heading')).toHaveTextContent(SPEC.summaries[selected].title);
  expect(summary.getByText(SPEC.summaries[selected].price)).toBeInTheDocument();
  expect(summary.getByText(SPEC.summaries[selected].note)).toBeInTheDocument();
  // The card form only for a user with no saved card, never for an upgrade.
  expect(screen.queryByRole('group', { name: 'Card details' }) !== null).toBe(WORLDS[system.world].cardForm);
}

/** What the page says went wrong, as the spec words it; the path's last answer decides which. */
function problemText(expected: Snapshot): string | null {
  const problem = expected.context.problem;
  if (!problem) return null;
  switch (problem.kind) {
    case 'termsRequired':
      return SPEC.termsRequired;
    case 'cardIncomplete':
      return SPEC.cardIncomplete;
    case 'cardRefused':
      return PAYMENT_ANSWERS.tokenizeCard.refused.message;
    case 'paymentFailed':
      return `Error: ${problem.message}`;
  }
}

function implementationFor(system: System) {
  const click = (name: string | RegExp, role: 'button' | 'radio' = 'button') => async () => {
    await act(async () => void fireEvent.click(screen.getByRole(role, { name })));
  };
  const actorExecutors = Object.fromEntries(
    ACTOR_IDS.flatMap((id) => [
      [
        `xstate.done.actor.${id}`,
        async ({ event }: ModelStep) => {
          const output = (event as ActorDoneEvent<ActorOutput>).output;
          if (id === 'createSubscription' || id === 'upgradeSubscription') {
            system.effects.runs.at(-1)!.answer = output as PaymentAnswer<SubscriptionResult>;
          }
          await act(async () => {
            (system.actors[id].resolve as (output: ActorOutput) => void)(output);
            await settle();
          });
        },
      ],
      [
        `xstate.error.actor.${id}`,
        async ({ event }: ModelStep) => {
          if (id === 'createSubscription' || id === 'upgradeSubscription') system.effects.runs.at(-1)!.answer = 'crashed';
          await act(async () => {
            system.actors[id].reject((event as ActorErrorEvent).error);
            await settle();
          });
        },
      ],
    ]),
  );

  /**
   * A payment call just sent: a retry of an attempt with no answer (none came, the server failed, or
   * the call broke), same plan, sends its key and token again; any other is a new key.
   */
  const expectPaymentRun = (id: 'createSubscription' | 'upgradeSubscription', expected: Snapshot) => {
    const [input] = system.actors[id].waitingInputs();
    const earlier = system.effects.runs;
    if (earlier.at(-1)?.input !== input) earlier.push({ input, answer: null });
    const runs = system.effects.runs;
    const previous = runs.at(-2);
    expect(input.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(input.groupId).toBe(system.input.group.id);
    expect(input.plan).toBe(id === 'upgradeSubscription' ? 'annual' : expected.context.plan);
    const unanswered = previous?.answer === 'crashed' || (typeof previous?.answer === 'object' && previous.answer?.kind === 'unanswered');
    if (previous && unanswered && previous.input.plan === input.plan) {
      expect(input.idempotencyKey).toBe(previous.input.idempotencyKey);
      expect(input.token).toBe(previous.input.token);
    } else {
      expect(runs.slice(0, -1).map((run) => run.input.idempotencyKey)).not.toContain(input.idempotencyKey);
    }
    // A saved card (or the upgrade) pays without a token; a new card sends the token the card form gave.
    const newCard = id === 'createSubscription' && !system.input.user.card_exists;
    expect(input.token).toBe(newCard ? PAYMENT_ANSWERS.tokenizeCard.token.token : null);
  };

  return {
    states: {
      loadingCardForm: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'loadCardForm');
        expect(system.actors.loadCardForm.waitingInputs()[0].shown).toBe(WORLDS[system.world].cardForm);
        expect(screen.getByRole('status')).toHaveTextContent('Loading the payment form');
        expect(screen.queryByRole('button', { name: /Continue/ })).toBeNull();
      },
      blocked: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, null);
        // A conflicting extension, and a request to allow the payment processor.
        const alert = screen.getByRole('alert');
        expect(alert).toHaveTextContent(/extension/);
        expect(alert).toHaveTextContent(/allow .*payment processor|allow Stripe/i);
        expect(screen.queryByRole('button', { name: /Continue/ })).toBeNull();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
      choosing: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, null);
        const checkbox = screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
        expect((checkbox as HTMLInputElement).checked).toBe(expected.context.termsAccepted);
        expectForm(system, expected);
        expect(continueButton()).toBeEnabled();
        const text = problemText(expected);
        if (text) expect(screen.getByRole('alert')).toHaveTextContent(text);
        else expect(screen.queryByRole('alert')).toBeNull();
        // Ticking the terms saves the group flag, once per tick; nothing else is posted (the server counts payment errors).
        expect(system.effects.termsSaves).toEqual(Array.from({ length: system.effects.ticks }, () => ({ groupId: system.input.group.id })));
      },
      tokenizingCard: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'tokenizeCard');
        expectBusyForm();
        // Terms first: the card is read only once they are accepted.
        expect(expected.context.termsAccepted).toBe(true);
      },
      subscribing: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'createSubscription');
        expectBusyForm();
        expect(system.input.group.subscribed_plan).toBe('free');
        expectPaymentRun('createSubscription', expected);
      },
      upgrading: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'upgradeSubscription');
        expectBusyForm();
        // A monthly group goes straight to the upgrade.
        expect(system.input.group.subscribed_plan).toBe('monthly');
        expectPaymentRun('upgradeSubscription', expected);
      },
      reloadingUser: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'reloadUser');
        expectBusyForm();
        expect(system.effects.thanks).toBe(0);
      },
      purchased: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, null);
        const paid = system.effects.runs.at(-1)!;
        const answer = paid.answer as Extract<PaymentAnswer<SubscriptionResult>, { kind: 'done' }>;
        expect(system.effects.records).toEqual([
          { returnUrl: PURCHASE_RETURN_URL, transactionId: answer.result.transaction_id, total: SPEC.storedTotal[paid.input.plan as 'annual' | 'monthly'] },
        ]);
        expect(system.effects.thanks).toBe(1);
        expect(screen.getByRole('status')).toHaveTextContent('Thank you');
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'plan.choose': async ({ event }: ModelStep) => {
        await click(new RegExp((event as Extract<PurchaseEvent, { type: 'plan.choose' }>).plan, 'i'), 'radio')();
      },
      'terms.change': async ({ event }: ModelStep) => {
        if ((event as Extract<PurchaseEvent, { type: 'terms.change' }>).accepted) system.effects.ticks += 1;
        await act(async () => {
          fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
          await settle();
        });
      },
      'purchase.submit': click(/Continue/),
      'cardForm.retry': click('Try again'),
      ...actorExecutors,
    },
  };
}

/** Answers by name: `createSubscription done: declined`. */
function labelAnswer(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const id = event.type.split('.')[3] as ActorId;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const name = Object.entries(PAYMENT_ANSWERS[id]).find(([, answer]) => answer === output)?.[0];
  return `${id} done: ${name}`;
}

afterEach(cleanup);

describe('purchase model', () => {
  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(purchaseMachine, implementationFor(startSystem('free group, no saved card')));
  });

  it('reports a state without an assertion and an event without an executor', () => {
    const { states, events } = implementationFor(startSystem('free group, no saved card'));
    const { blocked: _state, ...statesButOne } = states;
    const { 'purchase.submit': _event, ...eventsButOne } = events;
    expect(findModelGaps(purchaseMachine, { states: statesButOne, events: eventsButOne })).toEqual([
      "state 'blocked' has no assertion",
      "event 'purchase.submit' has no executor",
    ]);
  });

  it('takes every transition and visits every state along the paths of its worlds', () => {
    const paths = worldPaths.flatMap((world) => world.paths);
    expect(measurePathCoverage(purchaseMachine, paths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it('sends an attempt whose call broke again with its key and token, and a declined one never', async () => {
    const system = startSystem('free group, no saved card');
    const step = async (work: () => void) => {
      await act(async () => {
        work();
        await settle();
      });
    };
    await step(() => system.actor.start());
    await step(() => system.actors.loadCardForm.resolve(PAYMENT_ANSWERS.loadCardForm.ready));
    await step(() => fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })));
    const submit = () => step(() => fireEvent.click(continueButton()));
    await submit();
    await step(() => system.actors.tokenizeCard.resolve(PAYMENT_ANSWERS.tokenizeCard.token));
    const [first] = system.actors.createSubscription.waitingInputs();
    await step(() => system.actors.createSubscription.reject(new Error('the connection dropped')));
    expect(screen.getByRole('alert')).toHaveTextContent('Error: the connection dropped');
    await submit();
    // No new token is asked for: the attempt goes again as it was.
    expect(system.actors.tokenizeCard.waitingRuns()).toBe(0);
    const [retried] = system.actors.createSubscription.waitingInputs();
    expect(retried).toEqual(first);
    await step(() => system.actors.createSubscription.resolve(PAYMENT_ANSWERS.createSubscription.declined));
    await submit();
    await step(() => system.actors.tokenizeCard.resolve(PAYMENT_ANSWERS.tokenizeCard.token));
    const [next] = system.actors.createSubscription.waitingInputs();
    expect(next.idempotencyKey).not.toBe(first.idempotencyKey);
    system.actor.stop();
  });

  describe.each(worldPaths.map(({ world, paths }) => [world, paths] as const))('%s', (world, paths) => {
    it.each(paths.map((path) => [namePath(path, labelAnswer), path] as const))('%s', async (_name, path) => {
      const system = startSystem(world);
      await path.test(implementationFor(system));
      system.actor.stop();
    });
  });
});
