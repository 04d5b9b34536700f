import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { memberListMachine, type MemberListEvent } from '../../machines/memberList/machine';
import { MOVE_LABELS } from '../../machines/memberList/moves';
import { modalOf, moveButtonsOf, removeButtonOf } from '../../machines/memberList/selectors';
import { MembersView } from '../../src/features/members/MembersView';
import { settle } from './support/deferredActor';
import { listStateKeys } from './support/machineInventory';
import { delayedEvents, type ActorDoneEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { advanceThroughDelay } from './support/simulatedTime';
import { modelFor, plans, startSystem, type ActorName, type System } from './memberListModel';

const noop = () => {};

function MembersScreen({ system }: { system: System }) {
  const snapshot = useSelector(system.actor, (current) => current);
  return (
    <MembersView
      snapshot={snapshot}
      send={system.actor.send}
      typedText=""
      onSearchTyped={noop}
      onListChosen={noop}
      onSortChanged={noop}
      onPageChanged={noop}
      showPayments={false}
      exporting={false}
      onExport={noop}
      upgradeHref="/100200300/purchase"
      onUpgrade={noop}
    />
  );
}

const click = async (element: HTMLElement) => act(async () => void fireEvent.click(element));
const button = (name: string) => screen.getByRole('button', { name });
const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

/** Each event the page offers is taken through its control; the rest come from the route (query, robot jobs). */
function implementationFor(system: System) {
  const sendDirectly = async ({ event }: { event: EventObject }) => act(async () => void system.actor.send(event as MemberListEvent));
  const answer = (name: ActorName) => async ({ event }: { event: EventObject }) =>
    act(async () => {
      system.actors[name].resolve((event as ActorDoneEvent<never>).output);
      await settle();
    });
  /** What the page shows must be what the machine's state says. */
  const shows = (expected: AnyMachineSnapshot) => {
    const actual = system.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    for (const { move, enabled } of moveButtonsOf(actual)) expect(button(MOVE_LABELS[move]).hasAttribute('disabled')).toBe(!enabled);
    if (!actual.context.group.isPaid) expect(screen.queryByRole('button', { name: 'Move to Removed' })).toBeNull();
    const remove = removeButtonOf(actual);
    expect(screen.queryByRole('button', { name: 'Remove Members' }) !== null).toBe(remove.shown);
    if (remove.shown) expect(button('Remove Members').hasAttribute('disabled')).toBe(!remove.enabled);
    if (remove.shown && actual.context.robotUnavailable === 'notInstalled') expect(screen.getByText('Extension is not installed')).toBeTruthy();
    if (actual.context.robotUnavailable === null) expect(screen.queryByText('Extension is not installed')).toBeNull();
    const modal = modalOf(actual);
    // A closing dialog stays in jsdom's DOM (its leave animation never ends there), so only an open one is checked.
    if (modal === 'confirmingRemoval') expect(screen.getByRole('dialog', { name: 'Remove members' })).toHaveTextContent('100 members a day');
    if (modal === 'upgradeRequired') expect(screen.getByRole('dialog', { name: 'Free Trial Account Removals Limit' })).toHaveTextContent('has 2 members remaining');
    if (modal === 'removalsLimitReached') expect(screen.getByRole('dialog', { name: 'Removals limit reached' })).toHaveTextContent('only 2 can be removed now');
    expect(screen.queryByText(/could not be loaded/) !== null).toBe(actual.matches({ list: 'failed' }));
    if (actual.context.failure && !actual.matches({ list: 'failed' })) expect(screen.getByText(actual.context.failure)).toBeTruthy();
    const notice = actual.context.runningJob === 'fetch_group_members' ? 'Syncing Members...' : actual.context.runningJob ? 'Removing Members...' : null;
    if (notice) expect(screen.getByRole('status')).toHaveTextContent(notice);
    for (const member of actual.context.page?.members ?? []) {
      if (actual.matches({ list: 'failed' })) continue;
      expect((screen.getByRole('checkbox', { name: `Select ${member.name}` }) as HTMLInputElement).checked).toBe(actual.context.selection.includes(member.id));
    }
  };
  const closeDialog = async () => {
    const modal = modalOf(system.actor.getSnapshot());
    if (modal === 'confirmingRemoval') await click(dialog('Remove members').getByRole('button', { name: 'Cancel' }));
    else if (modal === 'removalsLimitReached') await click(dialog('Removals limit reached').getByRole('button', { name: 'OK' }));
    else await click(dialog('Free Trial Account Removals Limit').getByRole('button', { name: /close/i }));
  };
  return {
    states: Object.fromEntries(listStateKeys(memberListMachine).map((key) => [key, shows])),
    events: {
      'xstate.init': async () => {
        system.actor.start();
        render(<MembersScreen system={system} />);
      },
      'members.query.changed': sendDirectly,
      'members.reload': async (step: { event: EventObject }) =>
        system.actor.getSnapshot().matches({ list: 'failed' }) ? click(button('Try again')) : sendDirectly(step),
      'robot.job.started': sendDirectly,
      'robot.job.finished': sendDirectly,
      'robot.availability.changed': sendDirectly,
      'members.select.all': () => click(button('Select all')),
      'members.select.none': () => click(button('Select none')),
      'members.select.invert': () => click(button('Invert')),
      'members.select.toggled': () => click(screen.getByRole('checkbox', { name: 'Select Ada Baker' })),
      'members.drag.started': async () =>
        act(async () => void fireEvent.mouseDown(screen.getByRole('checkbox', { name: 'Select Ben Crumb' }), { shiftKey: true })),
      'members.drag.entered': async () =>
        act(async () => void fireEvent.mouseEnter(screen.getByRole('checkbox', { name: 'Select Cleo Dough' }).closest('tr')!)),
      'members.drag.ended': async () => act(async () => void fireEvent.mouseUp(window)),
      'members.move': ({ event }: { event: EventObject }) => click(button(MOVE_LABELS[(event as Extract<MemberListEvent, { type: 'members.move' }>).move])),
      'members.remove': () => click(button('Remove Members')),
      'members.removal.confirmed': () => click(dialog('Remove members').getByRole('button', { name: 'Remove 2 members' })),
      'members.dialog.closed': closeDialog,
      ...Object.fromEntries(
        delayedEvents(memberListMachine).map(({ type }) => [
          type,
          async ({ event }: { event: EventObject }) => act(async () => advanceThroughDelay(memberListMachine, system.actor, system.clock, event)),
        ]),
      ),
      'xstate.done.actor.fetchMembers': answer('fetchMembers'),
      'xstate.done.actor.moveMembers': answer('moveMembers'),
      'xstate.done.actor.previewRemoval': answer('previewRemoval'),
      'xstate.done.actor.removeMembers': answer('removeMembers'),
    },
  };
}

/** One path into each state (and each modal) per plan keeps the DOM-driven run short; the machine-level model takes every path. */
function pathsIntoEveryState(isPaid: boolean) {
  const paths = modelFor(isPaid).getShortestPaths();
  const chosen = new Map<string, (typeof paths)[number]>();
  for (const path of paths) {
    const { runningJob, selection, robotUnavailable } = path.state.context;
    const key = JSON.stringify([path.state.value, runningJob, selection.length > 0, robotUnavailable]);
    const known = chosen.get(key);
    if (!known || path.steps.length < known.steps.length) chosen.set(key, path);
  }
  return [...chosen.values()];
}

afterEach(cleanup);

describe.each(plans)('the members page on a $name, driven through its controls', ({ isPaid }) => {
  it.each(pathsIntoEveryState(isPaid).map((path) => [namePath(path, (event) => (event.type.startsWith('xstate.done') ? event.type.split('.')[3] : undefined)), path] as const))(
    '%s',
    async (_name, path) => {
      const system = startSystem(isPaid);
      await path.test(implementationFor(system) as never);
      system.actor.stop();
    },
  );
});
