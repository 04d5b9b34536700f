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
import { runMembersScan } from './memberListRobot';
import { MEMBERS_QUERY_DEFAULTS } from '../../machines/memberList/query';
import { toSearchParams } from '../../machines/listQuery/query';
import { RobotError } from '../../src/robot/protocol';

const noop = () => {};

function MembersScreen({ system }: { system: System }) {
  const snapshot = useSelector(system.actor, (current) => current);
  const robot = useSelector(system.robot, (current) => current);
  return (
    <MembersView
      snapshot={snapshot}
      robot={robot}
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
    const remove = removeButtonOf(actual, system.robot.getSnapshot());
    expect(screen.queryByRole('button', { name: 'Remove Members' }) !== null).toBe(remove.shown);
    if (remove.shown) expect(button('Remove Members').hasAttribute('disabled')).toBe(!remove.enabled);
    // The model's robot is installed and ready throughout.
    expect(screen.queryByText('Extension is not installed')).toBeNull();
    const modal = modalOf(actual);
    // A closing dialog stays in jsdom's DOM (its leave animation never ends there), so only an open one is checked.
    if (modal === 'confirmingRemoval') expect(screen.getByRole('dialog', { name: 'Remove members' })).toHaveTextContent('100 members a day');
    if (modal === 'upgradeRequired') expect(screen.getByRole('dialog', { name: 'Free Trial Account Removals Limit' })).toHaveTextContent('has 2 members remaining');
    if (modal === 'removalsLimitReached') expect(screen.getByRole('dialog', { name: 'Removals limit reached' })).toHaveTextContent('only 2 can be removed now');
    expect(screen.queryByText(/could not be loaded/) !== null).toBe(actual.matches({ list: 'failed' }));
    if (actual.context.failure && !actual.matches({ list: 'failed' })) expect(screen.getByText(actual.context.failure)).toBeTruthy();
    // The only job the model's robot runs for the group is the removal this page asked for.
    if (actual.matches({ list: { ready: 'removing' } })) expect(screen.getByRole('status')).toHaveTextContent('Removing Members...');
    else expect(screen.queryByText('Removing Members...')).toBeNull();
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
      'members.list.changed': sendDirectly,
      'query.changed': async ({ event }: { event: EventObject }) =>
        act(async () => {
          const { query } = event as Extract<MemberListEvent, { type: 'query.changed' }>;
          system.listQuery.send({ type: 'query.address.changed', search: toSearchParams(query, MEMBERS_QUERY_DEFAULTS) });
          await settle();
        }),
      'members.reload': async (step: { event: EventObject }) =>
        system.actor.getSnapshot().matches({ list: 'failed' }) ? click(button('Try again')) : sendDirectly(step),
      'robot.job.finished': async ({ event }: { event: EventObject }) =>
        act(() => runMembersScan(system, (event as Extract<MemberListEvent, { type: 'robot.job.finished' }>).groupId)),
      'robot.reply.done': async () =>
        act(async () => {
          system.fakeRobot.lastRun().resolve({ job_id: 1, removed: 2 });
          await settle();
        }),
      'robot.reply.failed': async ({ event }: { event: EventObject }) =>
        act(async () => {
          system.fakeRobot.lastRun().reject(new RobotError('failed', (event as Extract<MemberListEvent, { type: 'robot.reply.failed' }>).message));
          await settle();
        }),
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
    },
  };
}

/** One path into each state (and each modal) per plan keeps the DOM-driven run short; the machine-level model takes every path. */
function pathsIntoEveryState(isPaid: boolean) {
  const paths = modelFor(isPaid).getShortestPaths();
  const chosen = new Map<string, (typeof paths)[number]>();
  for (const path of paths) {
    const { selection, failure } = path.state.context;
    const key = JSON.stringify([path.state.value, selection.length > 0, failure]);
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
      try {
        await path.test(implementationFor(system) as never);
      } finally {
        system.stop();
      }
    },
  );
});
