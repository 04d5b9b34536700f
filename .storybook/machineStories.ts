import {
  createActor,
  fromCallback,
  SimulatedClock,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createDeferredActor, settle } from '../tests/model/support/deferredActor';
import { delayedEvents } from '../tests/model/support/modelEvents';
import { advanceThroughDelay } from '../tests/model/support/simulatedTime';

/**
 * How one run of an invoked actor ends: with an output, or by throwing. An invoked child machine
 * ends with its output once the `steps` (its own events and its actors' outcomes) are replayed on it.
 */
export type ActorOutcome = { output: unknown } | { error: unknown } | { output: unknown; steps: StoryStep[] };

function isChildEnding(ending: ActorOutcome): ending is { output: unknown; steps: StoryStep[] } {
  return 'steps' in ending;
}

/** Named outcomes by the invoked actor's `src`, or by the invoke's id where one actor is invoked in several states. */
export type Outcomes = Record<string, Record<string, ActorOutcome>>;

/**
 * What it takes to walk a workflow machine to each of its reachable states: its input, the
 * events the world sends (clicks, the route's messages) and, for each invoked actor (by its
 * `src`), the named outcomes the fixtures give. The model tests use the same fixtures.
 */
export interface MachineStories<TMachine extends AnyStateMachine> extends StoryWorld<TMachine> {
  machine: TMachine;
  /**
   * Further worlds the machine starts in, by name, for a machine whose input decides what it can
   * reach (the group's plan, the robot's state): each is walked on its own, and its stories' names
   * start with the world's name.
   */
  worlds?: Record<string, StoryWorld<TMachine> | SameStart<TMachine>>;
  /**
   * For each invoked child machine (by its `src`), the outcomes of the actors it invokes: replay
   * runs the real child, its actors answering from these, so the view can show it.
   */
  children?: Record<string, Outcomes>;
  /** The part of the context that tells two states with the same value apart (one story each). */
  distinguishingContext?: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /**
   * What the stories show of a snapshot, for a machine whose parallel regions the view shows
   * only part of: states that show the same are one story. The state value and context otherwise.
   */
  shows?: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /** The region whose state path names the stories, for such a machine; the whole state path otherwise. */
  region?: string;
  /** The end of the story's name for such a state, e.g. `AfterAFailedDecision`; empty for the plain one. */
  variant?: (snapshot: SnapshotFrom<TMachine>) => string;
}

/**
 * Where a walk starts: the machine's input, the events the world sends and the outcomes of its
 * invoked actors. An input holding actors that the replay changes (the app's robot) is made anew
 * for each walk and each replay.
 */
export interface StoryWorld<TMachine extends AnyStateMachine> {
  input: InputFrom<TMachine> | (() => InputFrom<TMachine>);
  events: ReadonlyArray<EventFromLogic<TMachine>>;
  outcomes: Outcomes;
}

/**
 * A world that starts with the default input and sends other events (or its actors answer
 * otherwise): its stories are those of the states the default world does not reach.
 */
export interface SameStart<TMachine extends AnyStateMachine> extends Omit<StoryWorld<TMachine>, 'input' | 'outcomes'> {
  outcomes?: Outcomes;
}

function startOf<TMachine extends AnyStateMachine>(stories: MachineStories<TMachine>, world: StoryWorld<TMachine> | SameStart<TMachine>): StoryWorld<TMachine> {
  return { input: 'input' in world ? world.input : stories.input, events: world.events, outcomes: world.outcomes ?? stories.outcomes };
}

/** The first step of a story in one of the `worlds`: it names the world the replay starts in. */
export const WORLD_STEP = 'story.world';

/** The world a story's steps start in, and the steps after the one naming it. */
function worldOf<TMachine extends AnyStateMachine>(stories: MachineStories<TMachine>, steps: StoryStep[]) {
  const [first, ...rest] = steps;
  if (first?.type !== WORLD_STEP) return { world: stories as StoryWorld<TMachine>, steps };
  const world = stories.worlds?.[String(first.world)];
  if (!world) throw new Error(`no world '${String(first.world)}'`);
  return { world: startOf(stories, world), steps: rest };
}

function inputOf<TMachine extends AnyStateMachine>(world: StoryWorld<TMachine>): InputFrom<TMachine> {
  return typeof world.input === 'function' ? (world.input as () => InputFrom<TMachine>)() : world.input;
}

/** One step of a story's path: an event the world sends, a delay passing, or an actor ending with a named outcome. */
export interface StoryStep extends EventObject {
  outcome?: string;
  [payload: string]: unknown;
}

/** A reachable state, the name of its story and the shortest path of steps that reaches it. */
export interface StoryPath {
  name: string;
  /** The state reached, as `describeState` writes it; replaying the steps must reach exactly this. */
  reaches: string;
  steps: StoryStep[];
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)];
}

/** The named outcomes of an invoke: by its id, else by its actor's `src`. */
function outcomesOf(outcomes: Outcomes, id: string, src: string): Record<string, ActorOutcome> {
  return outcomes[id] ?? outcomes[src] ?? {};
}

/** The invoke an actor's done or error event names: `xstate.done.actor.<id>`. */
function invokeIdOf(step: StoryStep): string {
  return step.type.split('.').slice(3).join('.');
}

/** The `src` of each invoke, by its id: an actor's done event names the invoke, the fixtures name the actor. */
function invokedSources(machine: AnyStateMachine): Map<string, string> {
  const sources = new Map<string, string>();
  for (const node of stateNodes(machine.root)) {
    for (const invoke of node.invoke) {
      if (typeof invoke.src !== 'string') throw new Error(`invoke '${invoke.id}' must name an actor of the machine's setup`);
      sources.set(invoke.id, invoke.src);
    }
  }
  return sources;
}

export function describeState<TMachine extends AnyStateMachine>(stories: MachineStories<TMachine>, snapshot: SnapshotFrom<TMachine>): string {
  if (stories.shows) return JSON.stringify(stories.shows(snapshot));
  const distinguishing = stories.distinguishingContext?.(snapshot);
  const { value } = snapshot as AnyMachineSnapshot;
  return JSON.stringify(distinguishing === undefined ? { value } : { value, context: distinguishing });
}

function pascalCase(words: string[]): string {
  return words
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

/** The path to each active leaf state: `{ presence: { ready: 'idle' }, jobs: 'signedOut' }` gives two. */
function leafPaths(value: StateValue): string[][] {
  if (typeof value === 'string') return [[value]];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [[key]] : leafPaths(child).map((path) => [key, ...path])));
}

/** The story's name from the state path, e.g. `{ wizard: { groups: 'scanning' } }` gives `WizardGroupsScanning`. */
function storyName<TMachine extends AnyStateMachine>(stories: MachineStories<TMachine>, snapshot: SnapshotFrom<TMachine>): string {
  const leaves = leafPaths((snapshot as AnyMachineSnapshot).value);
  const words =
    stories.region === undefined
      ? leaves.flat()
      : leaves.filter((path) => path[0] === stories.region).flatMap((path) => path.slice(1));
  return pascalCase([...new Set(words)].concat(stories.variant?.(snapshot) ?? ''));
}

/** Every event the walk may try: the world's events, each actor's named outcomes and each delay. */
function modelEvents<TMachine extends AnyStateMachine>(machine: TMachine, world: StoryWorld<TMachine>): StoryStep[] {
  const outcomes = [...invokedSources(machine)].flatMap(([id, src]): StoryStep[] =>
    Object.entries(outcomesOf(world.outcomes, id, src)).map(([outcome, ending]) =>
      'output' in ending
        ? { type: `xstate.done.actor.${id}`, outcome, output: ending.output }
        : { type: `xstate.error.actor.${id}`, outcome, error: ending.error },
    ),
  );
  const delays = delayedEvents(machine).map(({ type }): StoryStep => ({ type }));
  return [...(world.events as ReadonlyArray<StoryStep>), ...outcomes, ...delays];
}

/** The step as a story writes it: an actor's ending by its outcome's name, not its (large) output. */
function storyStep({ type, outcome, ...payload }: StoryStep): StoryStep {
  if (outcome !== undefined) return { type, outcome };
  return { type, ...payload };
}

/** One story per reachable state of one world, each with the shortest path of steps that reaches it. */
function worldPaths<TMachine extends AnyStateMachine>(stories: MachineStories<TMachine>, world: StoryWorld<TMachine>): StoryPath[] {
  const events = modelEvents(stories.machine, world);
  // The walk tells states apart by value and context even when the stories show them alike, so it goes on from each.
  const paths = getShortestPaths(stories.machine as AnyActorLogic, {
    input: inputOf(world),
    events: (snapshot: AnyMachineSnapshot) => (snapshot.status === 'active' ? events.filter((event) => snapshot.can(event)) : []),
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        context: stories.distinguishingContext?.(snapshot as SnapshotFrom<TMachine>),
        shows: stories.shows?.(snapshot as SnapshotFrom<TMachine>),
      }),
    serializeEvent: (event) => JSON.stringify(storyStep(event as StoryStep)),
  });
  const shortest = new Map<string, StoryPath>();
  for (const path of paths) {
    const snapshot = path.state as SnapshotFrom<TMachine>;
    const story = {
      name: storyName(stories, snapshot),
      reaches: describeState(stories, snapshot),
      steps: path.steps.map((step) => storyStep(step.event as StoryStep)).filter((step) => step.type !== 'xstate.init'),
    };
    const known = shortest.get(story.reaches);
    if (!known || story.steps.length < known.steps.length) shortest.set(story.reaches, story);
  }
  return [...shortest.values()];
}

/** One story per reachable state (per thing the stories show, with `shows`) of each world, each with the shortest path of steps that reaches it. */
export function storyPaths<TMachine extends AnyStateMachine>(stories: MachineStories<TMachine>): StoryPath[] {
  const byDefault = worldPaths(stories, stories);
  const named = [
    ...byDefault,
    ...Object.entries(stories.worlds ?? {}).flatMap(([world, startingIn]) =>
      worldPaths(stories, startOf(stories, startingIn))
        .filter((path) => 'input' in startingIn || !byDefault.some((known) => known.reaches === path.reaches))
        .map((path) => ({
          ...path,
          name: pascalCase([world]) + path.name,
          steps: [{ type: WORLD_STEP, world }, ...path.steps],
        })),
    ),
  ];
  const names = named.map((path) => path.name);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length) throw new Error(`two reachable states share the story name ${repeated.join(', ')}: give them a variant`);
  return named.sort((a, b) => a.steps.length - b.steps.length || a.name.localeCompare(b.name));
}

type DeferredRuns = ReturnType<typeof createDeferredActor<unknown, unknown>>;

/** A machine whose promise actors answer from deferred runs settled by the steps, and whose children run for real. */
interface FixtureMachine {
  machine: AnyStateMachine;
  outcomes: Outcomes;
  sources: Map<string, string>;
  deferred: Map<string, DeferredRuns>;
  children: Map<string, FixtureMachine>;
}

function withFixtureActors(machine: AnyStateMachine, outcomes: Outcomes, children: Record<string, Outcomes>): FixtureMachine {
  const sources = invokedSources(machine);
  const fixture: FixtureMachine = { machine, outcomes, sources, deferred: new Map(), children: new Map() };
  const actors: Record<string, AnyActorLogic> = {};
  for (const [id, src] of sources) {
    if (src in actors) continue;
    const logic = machine.implementations.actors[src];
    if (src in children && logic && 'provide' in logic) {
      const child = withFixtureActors(logic as AnyStateMachine, children[src], {});
      fixture.children.set(src, child);
      actors[src] = child.machine;
    } else if (Object.keys(outcomesOf(outcomes, id, src)).length) {
      const runs = createDeferredActor<unknown, unknown>();
      fixture.deferred.set(src, runs);
      actors[src] = runs.logic;
    }
    // An invoked actor without outcomes (one that reports by events, which the steps send) does nothing.
    else actors[src] = fromCallback(() => {});
  }
  fixture.machine = machine.provide({ actors });
  return fixture;
}

/** Replays steps on a running actor of the fixture machine: events sent, delays passed, actors (and children) ending as named. */
async function replaySteps(fixture: FixtureMachine, actor: AnyActorRef, clock: SimulatedClock, steps: StoryStep[]): Promise<void> {
  for (const step of steps) {
    if (step.type.startsWith('xstate.after.')) {
      advanceThroughDelay(fixture.machine, actor, clock, step);
      continue;
    }
    if (step.outcome === undefined) {
      actor.send(step);
      continue;
    }
    const id = invokeIdOf(step);
    const src = fixture.sources.get(id);
    const ending = src === undefined ? undefined : outcomesOf(fixture.outcomes, id, src)[step.outcome];
    if (src === undefined || ending === undefined) throw new Error(`no outcome '${step.outcome}' for the invoke '${id}'`);
    const child = fixture.children.get(src);
    const runs = fixture.deferred.get(src);
    if (child && isChildEnding(ending)) {
      const childActor: AnyActorRef | undefined = actor.getSnapshot().children[id];
      if (!childActor) throw new Error(`the child '${id}' is not running`);
      await replaySteps(child, childActor, clock, ending.steps);
      const ended = childActor.getSnapshot();
      if (ended.status !== 'done' || JSON.stringify(ended.output) !== JSON.stringify(ending.output)) {
        throw new Error(`the child '${id}' did not end with the outcome '${step.outcome}'`);
      }
    } else if (runs && 'output' in ending) runs.resolve(ending.output);
    else if (runs && 'error' in ending) runs.reject(ending.error);
    else throw new Error(`the invoke '${id}' cannot end with the outcome '${step.outcome}'`);
    await settle();
  }
}

/**
 * Replays a story's steps on a real actor of the machine, its invoked actors answering from the
 * fixtures, its child machines running for real on theirs, and its delays passing on a simulated
 * clock, and gives the snapshot it ends in. Throws when the steps do not reach the state the story names.
 */
export async function replay<TMachine extends AnyStateMachine>(stories: MachineStories<TMachine>, path: Pick<StoryPath, 'reaches' | 'steps'>) {
  const { world, steps } = worldOf(stories, path.steps);
  const fixture = withFixtureActors(stories.machine, world.outcomes, stories.children ?? {});
  const clock = new SimulatedClock();
  const actor = createActor(fixture.machine, { input: inputOf(world), clock });
  actor.start();
  await replaySteps(fixture, actor, clock, steps);
  const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>;
  actor.stop();
  const reached = describeState(stories, snapshot);
  if (reached !== path.reaches) throw new Error(`the story's steps reach ${reached}, not ${path.reaches}`);
  return snapshot;
}

/** Fixture answers of one actor, by name, as outcomes that end with them. */
export function answering<TOutput>(answers: Record<string, TOutput>): Record<string, ActorOutcome> {
  return Object.fromEntries(Object.entries(answers).map(([name, output]) => [name, { output }]));
}

/** A child machine's outcome: the output it ends with after the steps replayed on it. */
export function childEnding(output: unknown, steps: StoryStep[]): ActorOutcome {
  return { output, steps };
}
