import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { listQueryMachine } from '../../machines/listQuery/machine';
import { SPEC_TEXT_FILTER_DEBOUNCE_MS } from '../support/spec-numbers';

/** The users list's filters (part 2 §3) and its rule (part 2 §4): changing the member filter also resets the role. */
const defaults = { search: '', member_id: '', role: 'any', subscribed_plan: '', page: '1', per_page: '25' };
const resets = { member_id: ['role'], search: ['subscribed_plan'] };

function startList(address: string) {
  const clock = new SimulatedClock();
  const history = { entries: [address] };
  const machine = listQueryMachine.provide({
    actions: {
      writeAddress: (_, { search }) => {
        history.entries[history.entries.length - 1] = search.toString();
      },
    },
  });
  const actor = createActor(machine, { clock, input: { defaults, search: new URLSearchParams(address), resets } });
  actor.start();
  return { actor, clock, history, query: () => actor.getSnapshot().context.query };
}

describe('listQuery: filters reset by another filter', () => {
  it('puts the role back to its default when the member filter changes, back on page 1, and the address drops it', () => {
    const list = startList('role=banned&per_page=50&page=3');
    list.actor.send({ type: 'query.filter.changed', name: 'member_id', value: '17' });
    expect(list.query()).toMatchObject({ member_id: '17', role: 'any', page: '1', per_page: '50' });
    expect(list.history.entries).toEqual(['member_id=17&per_page=50']);
  });

  it('resets the role again when the member filter is cleared', () => {
    const list = startList('member_id=17&role=supervisor');
    list.actor.send({ type: 'query.filter.changed', name: 'member_id', value: '' });
    expect(list.query()).toMatchObject({ member_id: '', role: 'any' });
    expect(list.history.entries).toEqual(['']);
  });

  it('leaves the role alone when any other filter changes, and the member filter when the role does', () => {
    const list = startList('member_id=17&role=banned');
    list.actor.send({ type: 'query.filter.changed', name: 'per_page', value: '100' });
    expect(list.query()).toMatchObject({ member_id: '17', role: 'banned', per_page: '100' });
    list.actor.send({ type: 'query.filter.changed', name: 'role', value: 'regular' });
    expect(list.query()).toMatchObject({ member_id: '17', role: 'regular' });
    expect(list.history.entries).toEqual(['member_id=17&role=regular&per_page=100']);
  });

  it('applies the reset when a debounced text filter lands, not while typing', () => {
    const list = startList('subscribed_plan=annual');
    list.actor.send({ type: 'query.text.typed', value: 'ada' });
    list.clock.increment(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    expect(list.query()).toMatchObject({ search: '', subscribed_plan: 'annual' });
    list.clock.increment(1);
    expect(list.query()).toMatchObject({ search: 'ada', subscribed_plan: '' });
    expect(list.history.entries).toEqual(['search=ada']);
  });

  it('resets nothing for a list that names no resets', () => {
    const actor = createActor(listQueryMachine, { input: { defaults, search: new URLSearchParams('role=banned') } });
    actor.start();
    actor.send({ type: 'query.filter.changed', name: 'member_id', value: '17' });
    expect(actor.getSnapshot().context.query).toMatchObject({ member_id: '17', role: 'banned' });
  });
});
