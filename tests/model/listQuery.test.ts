import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate';
import { listQueryMachine, type ListQueryEvent } from '../../machines/listQuery/machine';
import { toSearchParams } from '../../machines/listQuery/query';
import { isAwaitingTypingPause, pageOf, typedTextOf } from '../../machines/listQuery/selectors';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete } from './support/modelGuard';
import { delayedEvents } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { SPEC_TEXT_FILTER_DEBOUNCE_MS, SPEC_TO_DATE_DEBOUNCE_MS } from '../support/spec-numbers';
import { advanceThroughDelay } from './support/simulatedTime';

type Snapshot = SnapshotFrom<typeof listQueryMachine>;

const defaults = { list: 'active', search: '', page: '1', per_page: '25', sort_by: 'name', sort_direction: 'asc', to: '' };
const START_ADDRESS = 'list=inactive&page=2';

const eventFixtures: { [Type in ListQueryEvent['type']]: Array<Extract<ListQueryEvent, { type: Type }>> } = {
  'query.filter.changed': [{ type: 'query.filter.changed', name: 'sort_by', value: 'posts_count' }],
  'query.page.changed': [{ type: 'query.page.changed', page: 3 }],
  'query.text.typed': [{ type: 'query.text.typed', value: 'ann' }],
  'query.toDate.picked': [{ type: 'query.toDate.picked', value: '2026-11-01' }],
  'query.reset': [{ type: 'query.reset' }],
  'query.address.changed': [{ type: 'query.address.changed', search: new URLSearchParams('per_page=50') }],
};

const model = createMachineTestModel(listQueryMachine, {
  input: { defaults, search: new URLSearchParams(START_ADDRESS) },
  events: [...Object.values(eventFixtures).flat(), ...delayedEvents(listQueryMachine)],
  distinguishingContext: ({ context }) => ({ query: context.query, typedText: context.typedText, pickedToDate: context.pickedToDate }),
});
const paths = model.getShortestPaths();

/** A browser history the machine can only replace entries of; pushing would grow it. */
function startSystem() {
  const clock = new SimulatedClock();
  const history = { entries: [START_ADDRESS], writes: 0 };
  const machine = listQueryMachine.provide({
    actions: {
      writeAddress: (_, { search }) => {
        history.entries[history.entries.length - 1] = search.toString();
        history.writes += 1;
      },
    },
  });
  const actor = createActor(machine, { clock, input: { defaults, search: new URLSearchParams(START_ADDRESS) } });
  return { actor, clock, history };
}
type System = ReturnType<typeof startSystem>;

function implementationFor(system: System) {
  const addressMatches = (expected: Snapshot) => {
    const actual = system.actor.getSnapshot();
    expect(actual.context.query).toEqual(expected.context.query);
    expect(typedTextOf(actual)).toBe(typedTextOf(expected));
    expect(system.history.entries).toHaveLength(1);
    // Once written, the address says what the query says, without its defaults.
    if (system.history.writes > 0) expect(system.history.entries[0]).toBe(toSearchParams(expected.context.query, defaults).toString());
    expect(pageOf(actual)).toBe(Number(expected.context.query.page));
  };
  const send = ({ event }: { event: EventObject }) => void system.actor.send(event as ListQueryEvent);
  return {
    states: {
      text: addressMatches,
      'text.settled': (expected: Snapshot) => {
        addressMatches(expected);
        expect(isAwaitingTypingPause(system.actor.getSnapshot())).toBe(false);
      },
      'text.awaitingTypingPause': (expected: Snapshot) => {
        addressMatches(expected);
        expect(isAwaitingTypingPause(system.actor.getSnapshot())).toBe(true);
      },
      toDate: addressMatches,
      'toDate.settled': addressMatches,
      'toDate.awaitingPickerPause': addressMatches,
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
      ...Object.fromEntries(
        delayedEvents(listQueryMachine).map(({ type }) => [
          type,
          ({ event }: { event: EventObject }) => advanceThroughDelay(listQueryMachine, system.actor, system.clock, event),
        ]),
      ),
    },
  };
}

describe('listQuery model', () => {
  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(listQueryMachine, implementationFor(startSystem()));
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(listQueryMachine, paths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it.each(paths.map((path) => [namePath(path), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    await path.test(implementationFor(system));
    system.actor.stop();
  });
});

describe('listQuery rules', () => {
  it('waits 1000 ms of quiet typing before searching, and restarts the wait on each key', () => {
    const system = startSystem();
    system.actor.start();
    system.actor.send({ type: 'query.text.typed', value: 'an' });
    system.clock.increment(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    system.actor.send({ type: 'query.text.typed', value: 'ann' });
    system.clock.increment(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    expect(system.actor.getSnapshot().context.query.search).toBe('');
    system.clock.increment(1);
    expect(system.actor.getSnapshot().context.query).toMatchObject({ search: 'ann', page: '1' });
    expect(system.history.entries).toEqual(['list=inactive&search=ann']);
  });

  it('waits 200 ms before taking a picked to-date', () => {
    const system = startSystem();
    system.actor.start();
    system.actor.send({ type: 'query.toDate.picked', value: '2026-11-01' });
    system.clock.increment(SPEC_TO_DATE_DEBOUNCE_MS - 1);
    expect(system.actor.getSnapshot().context.query.to).toBe('');
    system.clock.increment(1);
    expect(system.history.entries).toEqual(['list=inactive&to=2026-11-01']);
  });

  it('pages at once, keeping the other filters, and a filter change goes back to page 1', () => {
    const system = startSystem();
    system.actor.start();
    system.actor.send({ type: 'query.page.changed', page: 3 });
    expect(system.history.entries).toEqual(['list=inactive&page=3']);
    system.actor.send({ type: 'query.filter.changed', name: 'sort_by', value: 'posts_count' });
    expect(system.history.entries).toEqual(['list=inactive&sort_by=posts_count']);
    expect(pageOf(system.actor.getSnapshot())).toBe(1);
  });

  it('resets to a clean address and drops a search still waiting for typing to pause', () => {
    const system = startSystem();
    system.actor.start();
    system.actor.send({ type: 'query.text.typed', value: 'ann' });
    system.actor.send({ type: 'query.toDate.picked', value: '2026-11-01' });
    system.actor.send({ type: 'query.reset' });
    expect(system.history.entries).toEqual(['']);
    expect(typedTextOf(system.actor.getSnapshot())).toBe('');
    expect(isAwaitingTypingPause(system.actor.getSnapshot())).toBe(false);
    system.clock.increment(SPEC_TEXT_FILTER_DEBOUNCE_MS);
    expect(system.history.entries).toEqual(['']);
    expect(system.history.writes).toBe(1);
  });

  it('follows an address changed elsewhere (back, a link) without writing it again, and drops a pending search', () => {
    const system = startSystem();
    system.actor.start();
    system.actor.send({ type: 'query.text.typed', value: 'ann' });
    system.actor.send({ type: 'query.address.changed', search: new URLSearchParams('search=bob&page=4&password=x') });
    const snapshot = system.actor.getSnapshot();
    expect(snapshot.context.query).toEqual({ ...defaults, search: 'bob', page: '4' });
    expect(typedTextOf(snapshot)).toBe('bob');
    expect(pageOf(snapshot)).toBe(4);
    system.clock.increment(SPEC_TEXT_FILTER_DEBOUNCE_MS);
    expect(system.history.writes).toBe(0);
    expect(system.actor.getSnapshot().context.query.search).toBe('bob');
  });

  it('opens with the address’s search and to-date in their boxes, and takes both back from an address changed elsewhere', () => {
    const actor = createActor(listQueryMachine, { input: { defaults, search: new URLSearchParams('search=ann&to=2026-11-01') } }).start();
    expect(typedTextOf(actor.getSnapshot())).toBe('ann');
    expect(actor.getSnapshot().context.pickedToDate).toBe('2026-11-01');
    actor.send({ type: 'query.address.changed', search: new URLSearchParams('search=bob&to=2026-12-24') });
    expect(typedTextOf(actor.getSnapshot())).toBe('bob');
    expect(actor.getSnapshot().context.pickedToDate).toBe('2026-12-24');
    actor.stop();
  });

  it('reads a page the address cannot hold as the first page', () => {
    const system = startSystem();
    system.actor.start();
    system.actor.send({ type: 'query.address.changed', search: new URLSearchParams('page=soon') });
    expect(pageOf(system.actor.getSnapshot())).toBe(1);
  });

  it('omits defaults from the address and resets the page when a filter changes', () => {
    expect(toSearchParams({ ...defaults, page: '4', sort_by: 'posts_count' }, defaults).toString()).toBe('page=4&sort_by=posts_count');
    const system = startSystem();
    system.actor.start();
    system.actor.send({ type: 'query.filter.changed', name: 'per_page', value: '25' });
    expect(system.history.entries).toEqual(['list=inactive']);
  });
});
