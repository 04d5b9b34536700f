import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type InputFrom } from 'xstate';
import type { AffiliateAnswer, countShare, EnableAnswer, enableAffiliate, fetchAffiliate } from '../../machines/affiliates/actors';
import { affiliatesMachine, type AffiliatesEmitted, type AffiliatesEvent, type AffiliatesInput } from '../../machines/affiliates/machine';
import { affiliatesPageOf } from '../../machines/affiliates/selectors';
import { createApiClient } from '../../src/api/client';
import { AffiliatesView } from '../../src/features/affiliates/AffiliatesView';
import { AFFILIATE, AFFILIATES_ANSWERS, INVALID_EMAIL, NEW_EMAIL } from '../../src/features/affiliates/fixtures';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { itChecksEveryPath } from './support/modelChecks';
import { actorDoneEvents, type ActorDoneEvent } from './support/modelEvents';
import { SPEC_COPIED_TOOLTIP_MS } from '../support/spec-numbers';

type ActorOutput = AffiliateAnswer | EnableAnswer;
type ModelEvent = AffiliatesEvent | ActorDoneEvent<ActorOutput>;

const actorOutputs = {
  fetchAffiliate: Object.values(AFFILIATES_ANSWERS.fetchAffiliate) satisfies AffiliateAnswer[],
  enableAffiliate: Object.values(AFFILIATES_ANSWERS.enableAffiliate) satisfies EnableAnswer[],
};
const ACTOR_IDS = Object.keys(actorOutputs) as Array<keyof typeof actorOutputs>;

const modelEvents: ModelEvent[] = [
  { type: 'affiliate.email.changed', email: '' },
  { type: 'affiliate.email.changed', email: INVALID_EMAIL },
  { type: 'affiliate.email.changed', email: NEW_EMAIL },
  { type: 'affiliate.enable' },
  { type: 'affiliate.retry' },
  { type: 'affiliate.shared' },
  ...ACTOR_IDS.flatMap((id) => actorDoneEvents<ActorOutput>(id, actorOutputs[id])),
];

const unusedApi = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the model provides every actor')) });

/** A user without an email, with a paid group, who has shared the referral link twice before. */
const INPUT: AffiliatesInput = { api: unusedApi, userEmail: null, shareCount: 2, onFlagsSaved: () => {} };

const model = createMachineTestModel(affiliatesMachine, {
  input: INPUT,
  events: modelEvents,
  distinguishingContext: ({ context }) => ({ email: context.email, failure: context.failure !== null, affiliate: context.affiliate?.login ?? null }),
});
const paths = model.getShortestPaths();

/** What the user did, kept by the test itself: what the page must show follows from it, not from the machine. */
interface Story {
  typed: string;
  refusal: string | null;
  loadFailure: string | null;
  shownAccount: typeof AFFILIATE | null;
}

function Screen({ actor }: { actor: ReturnType<typeof createActor<typeof affiliatesMachine>> }) {
  const page = useSelector(actor, affiliatesPageOf);
  return (
    <AffiliatesView
      page={page}
      locked={false}
      purchasePath="/"
      onEmailChange={(email) => actor.send({ type: 'affiliate.email.changed', email })}
      onEnable={() => actor.send({ type: 'affiliate.enable' })}
      onRetry={() => actor.send({ type: 'affiliate.retry' })}
      onShare={() => actor.send({ type: 'affiliate.shared' })}
    />
  );
}

const FLAGS = { connects_is_enabled: true, onboarding_completed: true, welcome_page_seen: true, robot_training: false, count_share_facebook_referral: 2 };

function startSystem(base: AffiliatesInput = INPUT) {
  const savedFlags: number[] = [];
  const input = { ...base, onFlagsSaved: (flags: typeof FLAGS) => void savedFlags.push(flags.count_share_facebook_referral) };
  const actors = {
    fetchAffiliate: createDeferredActor<AffiliateAnswer, InputFrom<typeof fetchAffiliate>>(),
    enableAffiliate: createDeferredActor<EnableAnswer, InputFrom<typeof enableAffiliate>>(),
  };
  const sharesCounted: number[] = [];
  const machine = affiliatesMachine.provide({
    actors: {
      fetchAffiliate: actors.fetchAffiliate.logic,
      enableAffiliate: actors.enableAffiliate.logic,
      countShare: fromPromise<void, InputFrom<typeof countShare>>(async ({ input }) => {
        sharesCounted.push(input.count);
        input.onSaved({ ...FLAGS, count_share_facebook_referral: input.count });
      }),
    },
  });
  const actor = createActor(machine, { input });
  const enabledToasts: AffiliatesEmitted[] = [];
  actor.on('affiliate.enabled', (event) => void enabledToasts.push(event));
  const story: Story = { typed: input.userEmail ?? '', refusal: null, loadFailure: null, shownAccount: null };
  render(<Screen actor={actor} />);
  return { actor, actors, story, sharesCounted, savedFlags, enabledToasts, stop: () => actor.stop() };
}

type System = ReturnType<typeof startSystem>;

const VALID = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailBox = () => screen.queryByLabelText('Your email') as HTMLInputElement | null;
const enableButton = () => screen.getByRole('button', { name: /^Enabl/ }) as HTMLButtonElement;

function expectWaiting(system: System, id: keyof System['actors'] | null) {
  for (const other of ACTOR_IDS) expect(system.actors[other].waitingRuns(), other).toBe(other === id ? 1 : 0);
}

/** The email box of a user without an email, with the spec's rule: 'Please Enter Valid Email' under an invalid email, Enable waits for a valid one. */
function expectEmailBox(system: System, { enabling }: { enabling: boolean }) {
  const { typed } = system.story;
  expect(emailBox()!.value).toBe(typed);
  const invalid = typed !== '' && !VALID.test(typed);
  expect(screen.queryByText('Please Enter Valid Email') !== null).toBe(invalid);
  expect(enableButton().disabled).toBe(enabling || !VALID.test(typed));
  expect(emailBox()!.disabled).toBe(enabling);
  expect(screen.queryByLabelText('Referral link')).toBeNull();
}

function implementationFor(system: System) {
  const answer = (id: keyof System['actors']) => async ({ event }: { event: EventObject }) => {
    const output = (event as ActorDoneEvent<ActorOutput>).output;
    if (output.kind === 'failed') {
      if (id === 'enableAffiliate') system.story.refusal = output.message;
      else system.story.loadFailure = output.message;
    } else if (output.affiliate) {
      system.story.shownAccount = output.affiliate;
    }
    await act(async () => {
      (system.actors[id].resolve as (output: ActorOutput) => void)(output);
      await settle();
    });
  };
  return {
    states: {
      loading: () => {
        expectWaiting(system, 'fetchAffiliate');
        expect(screen.getByRole('status').textContent).toContain('Loading your affiliate account…');
        expect(emailBox()).toBeNull();
      },
      loadFailed: () => {
        expectWaiting(system, null);
        expect(screen.getByRole('alert').textContent).toBe(`Your affiliate account could not be loaded. ${system.story.loadFailure}Try again`);
      },
      joining: () => {
        expectWaiting(system, null);
        // Part 1 §1, §9: the programme pays 30% recurring commission.
        expect(screen.getByText(/^Earn 30% recurring commission /)).toBeTruthy();
        expectEmailBox(system, { enabling: false });
        if (system.story.refusal) expect(screen.getByText(system.story.refusal)).toBeTruthy();
      },
      enabling: () => {
        expectWaiting(system, 'enableAffiliate');
        expect(system.actors.enableAffiliate.waitingInputs()[0]!.email).toBe(system.story.typed);
        expectEmailBox(system, { enabling: true });
      },
      enabled: () => {
        expectWaiting(system, null);
        const account = system.story.shownAccount!;
        expect((screen.getByLabelText('Referral link') as HTMLInputElement).value).toBe(account.link);
        expect(screen.getByText(account.login)).toBeTruthy();
        expect((screen.getByLabelText('Dashboard password') as HTMLInputElement).type).toBe('password');
        expect(screen.getByRole('region', { name: 'Commission balance' }).textContent).toContain(`$${(account.balance / 100).toFixed(2)}`);
        expect(emailBox()).toBeNull();
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'affiliate.email.changed': async ({ event }: { event: EventObject }) => {
        const { email } = event as Extract<AffiliatesEvent, { type: 'affiliate.email.changed' }>;
        system.story.typed = email;
        system.story.refusal = null;
        await act(async () => void fireEvent.change(emailBox()!, { target: { value: email } }));
      },
      'affiliate.enable': async () => act(async () => void fireEvent.click(enableButton())),
      'affiliate.retry': async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' }))),
      'affiliate.shared': async () => {
        await act(async () => {
          fireEvent.click(screen.getByRole('button', { name: 'Share' }));
          await settle();
        });
      },
      'xstate.done.actor.fetchAffiliate': answer('fetchAffiliate'),
      'xstate.done.actor.enableAffiliate': answer('enableAffiliate'),
    },
  };
}

function labelAnswer(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  return `${event.type.split('.')[3]} done: ${output.kind === 'loaded' ? (output.affiliate ? 'joined' : 'not joined') : output.kind}`;
}

describe('affiliates model', () => {
  afterEach(cleanup);

  itChecksEveryPath({ machine: affiliatesMachine, paths, startSystem: () => startSystem(), implementationFor, labelAnswer: labelAnswer });
});

describe('the Affiliates page', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  async function joinedSystem(input: AffiliatesInput = INPUT) {
    const system = startSystem(input);
    system.actor.start();
    await act(async () => {
      system.actors.fetchAffiliate.resolve(AFFILIATES_ANSWERS.fetchAffiliate.joined);
      await settle();
    });
    return system;
  }

  it('counts each share of the referral link in count_share_facebook_referral, from the count the user had', async () => {
    const system = await joinedSystem();
    for (let share = 0; share < 2; share++) {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Share' }));
        await settle();
      });
    }
    expect(system.sharesCounted).toEqual([3, 4]);
    expect(system.savedFlags).toEqual([3, 4]);
    system.stop();
  });

  it("says 'Copied!' for one second after a copy", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const system = startSystem();
    system.actor.start();
    await act(async () => {
      system.actors.fetchAffiliate.resolve(AFFILIATES_ANSWERS.fetchAffiliate.joined);
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the referral link' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(writeText).toHaveBeenCalledWith(AFFILIATE.link);
    expect(screen.getByText('Copied!')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(SPEC_COPIED_TOOLTIP_MS - 1)));
    expect(screen.getByText('Copied!')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(screen.queryByText('Copied!')).toBeNull();
    system.stop();
  });

  it('shows, hides and copies the dashboard password', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const system = await joinedSystem();
    const password = screen.getByLabelText('Dashboard password') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Show the password' }));
    expect(password.type).toBe('text');
    expect(password.value).toBe(AFFILIATE.password);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the password' }));
    expect(password.type).toBe('password');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the password' }));
      await settle();
    });
    expect(writeText).toHaveBeenCalledWith(AFFILIATE.password);
    system.stop();
  });

  it("says 'We don't know your password' when the account has none", async () => {
    const system = startSystem();
    system.actor.start();
    await act(async () => {
      system.actors.fetchAffiliate.resolve({ kind: 'loaded', affiliate: { ...AFFILIATE, password: null } });
      await settle();
    });
    expect(screen.getByText("We don't know your password")).toBeTruthy();
    expect(screen.queryByLabelText('Dashboard password')).toBeNull();
    system.stop();
  });

  it('asks no email of a user who has one, and enables with theirs', async () => {
    const system = startSystem({ ...INPUT, userEmail: 'ada@example.com' });
    system.actor.start();
    await act(async () => {
      system.actors.fetchAffiliate.resolve(AFFILIATES_ANSWERS.fetchAffiliate.notJoined);
      await settle();
    });
    expect(emailBox()).toBeNull();
    await act(async () => void fireEvent.click(enableButton()));
    expect(system.actors.enableAffiliate.waitingInputs()).toEqual([expect.objectContaining({ email: 'ada@example.com' })]);
    await act(async () => {
      system.actors.enableAffiliate.resolve(AFFILIATES_ANSWERS.enableAffiliate.enabled);
      await settle();
    });
    expect(system.enabledToasts).toEqual([{ type: 'affiliate.enabled', login: NEW_EMAIL }]);
    system.stop();
  });
});
