import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import { monthlyGroup, PAYMENT_ANSWERS } from '../../src/payments/fixtures';
import type { updateCardSource, CardChangeInput } from '../../machines/changeCard/actors';
import { changeCardMachine, type ChangeCardEvent, type ChangeCardInput } from '../../machines/changeCard/machine';
import type { loadCardForm, PaymentAnswer, tokenizeCard, User } from '../../machines/purchase/actors';
import type { CardFormLoad, CardTokenOutcome } from '../../machines/purchase/cardEntry';
import { renderChangeCard, PAYMENT_SPEC, paymentModelEvents, TERMS_EVENTS, unusedApi, unusedCard } from './purchaseScreens';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete, findModelGaps } from './support/modelGuard';
import type { ActorDoneEvent, ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';

type Snapshot = SnapshotFrom<typeof changeCardMachine>;
type ActorOutput = CardFormLoad | CardTokenOutcome | PaymentAnswer<User>;
type ModelEvent = ChangeCardEvent | ActorDoneEvent<ActorOutput> | ActorErrorEvent;

/** What the change-card page says (spec part 1 §2, §5, §8), written here apart from the app's own texts. */
const SPEC = {
  ...PAYMENT_SPEC,
  terms: 'I accept the terms and conditions',
} as const;

const ACTOR_IDS = ['loadCardForm', 'tokenizeCard', 'updateCardSource'] as const;
type ActorId = (typeof ACTOR_IDS)[number];

const actorOutputs: Record<ActorId, ActorOutput[]> = {
  loadCardForm: Object.values(PAYMENT_ANSWERS.loadCardForm),
  tokenizeCard: Object.values(PAYMENT_ANSWERS.tokenizeCard),
  updateCardSource: Object.values(PAYMENT_ANSWERS.updateCardSource),
};

const eventFixtures: { [Type in ChangeCardEvent['type']]: Array<Extract<ChangeCardEvent, { type: Type }>> } = {
  'terms.change': [...TERMS_EVENTS],
  'card.submit': [{ type: 'card.submit' }],
  'cardForm.retry': [{ type: 'cardForm.retry' }],
};

const modelEvents: ModelEvent[] = paymentModelEvents<ModelEvent, ActorOutput>(eventFixtures, actorOutputs);

const input: ChangeCardInput = { api: unusedApi, groupId: monthlyGroup.id, card: unusedCard };

const model = createMachineTestModel(changeCardMachine, {
  input,
  events: modelEvents,
  distinguishingContext: ({ context }) => ({ terms: context.termsAccepted, problem: context.problem?.kind ?? null, retry: context.attempt !== null }),
  isPossible: (snapshot, event) =>
    event.type !== 'terms.change' || (event as Extract<ChangeCardEvent, { type: 'terms.change' }>).accepted !== snapshot.context.termsAccepted,
});
const paths = model.getShortestPaths();

interface CardChangeRun {
  input: CardChangeInput;
  answer: PaymentAnswer<User> | 'crashed' | null;
}

function startSystem() {
  const actors = {
    loadCardForm: createDeferredActor<CardFormLoad, InputFrom<typeof loadCardForm>>(),
    tokenizeCard: createDeferredActor<CardTokenOutcome, InputFrom<typeof tokenizeCard>>(),
    updateCardSource: createDeferredActor<PaymentAnswer<User>, InputFrom<typeof updateCardSource>>(),
  };
  const effects = { reloadedUsers: [] as User[], cardUpdatedPages: 0, runs: [] as CardChangeRun[] };
  const machine = changeCardMachine.provide({
    actors: { loadCardForm: actors.loadCardForm.logic, tokenizeCard: actors.tokenizeCard.logic, updateCardSource: actors.updateCardSource.logic },
    actions: {
      userReloaded: (_, { user }) => void effects.reloadedUsers.push(user),
      goToCardUpdated: () => void (effects.cardUpdatedPages += 1),
    },
  });
  const actor = createActor(machine, { input });
  renderChangeCard(actor);
  return { actor, actors, effects };
}

type System = ReturnType<typeof startSystem>;
type ModelStep = { event: EventObject };

function expectOnlyWaiting(system: System, id: ActorId | null) {
  const waiting = Object.fromEntries(ACTOR_IDS.map((other) => [other, system.actors[other].waitingRuns()]));
  expect(waiting).toEqual(Object.fromEntries(ACTOR_IDS.map((other) => [other, other === id ? 1 : 0])));
}

const continueButton = () => screen.getByRole('button', { name: /Continue/ });

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
  const click = (name: string | RegExp) => async () => {
    await act(async () => void fireEvent.click(screen.getByRole('button', { name })));
  };
  const actorExecutors = Object.fromEntries(
    ACTOR_IDS.flatMap((id) => [
      [
        `xstate.done.actor.${id}`,
        async ({ event }: ModelStep) => {
          const output = (event as ActorDoneEvent<ActorOutput>).output;
          if (id === 'updateCardSource') system.effects.runs.at(-1)!.answer = output as PaymentAnswer<User>;
          await act(async () => {
            (system.actors[id].resolve as (output: ActorOutput) => void)(output);
            await settle();
          });
        },
      ],
      [
        `xstate.error.actor.${id}`,
        async ({ event }: ModelStep) => {
          if (id === 'updateCardSource') system.effects.runs.at(-1)!.answer = 'crashed';
          await act(async () => {
            system.actors[id].reject((event as ActorErrorEvent).error);
            await settle();
          });
        },
      ],
    ]),
  );
  return {
    states: {
      loadingCardForm: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'loadCardForm');
        expect(screen.getByRole('status')).toHaveTextContent('Loading the payment form');
        expect(screen.queryByRole('button', { name: /Continue/ })).toBeNull();
      },
      blocked: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, null);
        const alert = screen.getByRole('alert');
        expect(alert).toHaveTextContent(/extension/);
        expect(alert).toHaveTextContent(/allow .*payment processor|allow Stripe/i);
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
      editing: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, null);
        // Card form, terms checkbox, Continue.
        expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
        expect((screen.getByRole('checkbox', { name: SPEC.terms }) as HTMLInputElement).checked).toBe(expected.context.termsAccepted);
        expect(continueButton()).toBeEnabled();
        const text = problemText(expected);
        if (text) expect(screen.getByRole('alert')).toHaveTextContent(text);
        else expect(screen.queryByRole('alert')).toBeNull();
        expect(system.effects.cardUpdatedPages).toBe(0);
      },
      tokenizingCard: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'tokenizeCard');
        expect(continueButton()).toBeDisabled();
        expect(expected.context.termsAccepted).toBe(true);
      },
      savingCard: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'updateCardSource');
        expect(continueButton()).toBeDisabled();
        const [sent] = system.actors.updateCardSource.waitingInputs();
        if (system.effects.runs.at(-1)?.input !== sent) system.effects.runs.push({ input: sent, answer: null });
        const previous = system.effects.runs.at(-2);
        expect(sent.groupId).toBe(monthlyGroup.id);
        expect(sent.token).toBe(PAYMENT_ANSWERS.tokenizeCard.token.token);
        expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
        // An attempt with no answer (none came, the server failed, or the call broke) goes again with its key; any other has a new one.
        const unanswered = previous?.answer === 'crashed' || (typeof previous?.answer === 'object' && previous.answer?.kind === 'unanswered');
        if (previous && unanswered) {
          expect(sent.idempotencyKey).toBe(previous.input.idempotencyKey);
        } else {
          expect(system.effects.runs.slice(0, -1).map((run) => run.input.idempotencyKey)).not.toContain(sent.idempotencyKey);
        }
      },
      updated: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, null);
        // The user comes back with the new card, and the page goes to /thanks/card_update.html.
        expect(system.effects.reloadedUsers).toEqual([(PAYMENT_ANSWERS.updateCardSource.saved as { result: User }).result]);
        expect(system.effects.cardUpdatedPages).toBe(1);
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'terms.change': async () => {
        await act(async () => {
          fireEvent.click(screen.getByRole('checkbox', { name: SPEC.terms }));
          await settle();
        });
      },
      'card.submit': click(/Continue/),
      'cardForm.retry': click('Try again'),
      ...actorExecutors,
    },
  };
}

function labelAnswer(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const id = event.type.split('.')[3] as ActorId;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  return `${id} done: ${Object.entries(PAYMENT_ANSWERS[id]).find(([, answer]) => answer === output)?.[0]}`;
}

afterEach(cleanup);

describe('changeCard model', () => {
  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(changeCardMachine, implementationFor(startSystem()));
  });

  it('reports a state without an assertion and an event without an executor', () => {
    const { states, events } = implementationFor(startSystem());
    const { updated: _state, ...statesButOne } = states;
    const { 'card.submit': _event, ...eventsButOne } = events;
    expect(findModelGaps(changeCardMachine, { states: statesButOne, events: eventsButOne })).toEqual([
      "state 'updated' has no assertion",
      "event 'card.submit' has no executor",
    ]);
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(changeCardMachine, paths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it.each(paths.map((path) => [namePath(path, labelAnswer), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    await path.test(implementationFor(system));
    system.actor.stop();
  });
});
