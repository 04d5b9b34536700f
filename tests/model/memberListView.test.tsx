import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { memberListMachine, type MemberListEvent } from '../../machines/memberList/machine';
import { membersPageView } from '../../machines/memberList/selectors';
import { MembersView } from '../../src/features/members/MembersView';
import { THREE_MEMBERS } from '../../src/features/members/fixtures';
import { settle } from './support/deferredActor';
import { listStateKeys } from './support/machineInventory';
import { delayedEvents, type ActorDoneEvent, type ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { advanceThroughDelay } from './support/simulatedTime';
import { EXPORT_FAILURE, EXPORTED_CSV, modelFor, plans, sendTo, startSystem, type ActorName, type System } from './memberListModel';
import { changeAddress, failRobotCommand, finishRobotCommand, runMembersScan } from './memberListRobot';
import {
  expectSpecAt,
  selectionAfter,
  SPEC_JOB_NOTICES,
  SPEC_RECOMMENDATION,
  type DialogName,
  type SeenPage,
} from './memberListSpec';

const noop = () => {};

function MembersScreen({ system }: { system: System }) {
  const snapshot = useSelector(system.actor, (current) => current);
  const robot = useSelector(system.robot, (current) => current);
  return (
    <MembersView
      view={membersPageView(snapshot, robot)}
      send={(event) => sendTo(system, event)}
      typedText=""
      onSearchTyped={noop}
      onListChosen={noop}
      listHref={(list) => `/100200300/members/${list}`}
      onSortChanged={noop}
      onPageChanged={noop}
      showPayments={false}
      upgradeHref="/100200300/purchase"
      onUpgrade={noop}
    />
  );
}

// The page is read with plain DOM queries: role queries over a whole DataTable are too slow for a busy machine.
const buttonsIn = (root: ParentNode) => [...root.querySelectorAll('button')].map((button) => ({ button, label: button.textContent?.trim() ?? '' }));
const buttonIn = (root: ParentNode, label: string) => {
  const found = buttonsIn(root).find((candidate) => candidate.label === label);
  if (!found) throw new Error(`no '${label}' button on the page`);
  return found.button;
};
const checkbox = (name: string) => document.querySelector<HTMLInputElement>(`input[aria-label="Select ${name}"]`)!;
const openDialog = (): HTMLElement | null =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((dialog) => dialog.querySelector('.p-dialog-content')?.childElementCount) ?? null;
const selectedIds = () => THREE_MEMBERS.members.filter((member) => checkbox(member.name)?.checked).map((member) => member.id);

/** The rendered page as the admin sees it. */
function seenOnPage(): SeenPage {
  const toolbar = document.querySelector('[role="toolbar"]');
  const dialog = openDialog();
  const exportButton = buttonsIn(document).find(({ label }) => label === 'Export CSV' || label === 'Exporting...')!;
  const controls = toolbar ? buttonsIn(toolbar) : [];
  const isOpen = (button: HTMLButtonElement) => !button.disabled && button.getAttribute('aria-disabled') !== 'true';
  const enabled = (label: string) => isOpen(controls.find((control) => control.label === label)!.button);
  const reasons = [...(toolbar?.querySelectorAll<HTMLElement>('[data-reason]') ?? [])].map((element) => element.dataset.reason!);
  const toast = document.querySelector('.members-toast__message');
  const moveLabels = ['Add to Whitelist', 'Remove from Whitelist', 'Move to Removed', 'Move to Inactive'];
  return {
    toolbar: toolbar && {
      selected: selectedIds(),
      selectAll: enabled('Select all'),
      selectNone: enabled('Select none'),
      invert: enabled('Invert'),
      moves: Object.fromEntries(controls.filter(({ label }) => moveLabels.includes(label)).map(({ label, button }) => [label, isOpen(button)])),
      remove: controls.some(({ label }) => label === 'Remove Members') ? enabled('Remove Members') : null,
    },
    dialog: dialog && (dialog.querySelector('.p-dialog-title')?.textContent as DialogName),
    loadFailure: document.querySelector('[role="alert"]')?.textContent?.includes('could not be loaded') ?? false,
    toast: toast && {
      message: toast.querySelector('.members-toast__text span')?.textContent ?? '',
      undo: buttonsIn(toast).some(({ label }) => label === 'Undo' || label === 'Undoing...'),
    },
    jobNotice: Object.values(SPEC_JOB_NOTICES).find((notice) => reasons.some((reason) => reason.startsWith(notice))) ?? null,
    exporting: exportButton.label === 'Exporting...',
    canExport: !exportButton.button.disabled,
    recommendation: document.querySelector('.members-page__recommendation')?.textContent === SPEC_RECOMMENDATION,
  };
}

const click = async (element: HTMLElement) => act(async () => void fireEvent.click(element));

/** Each event the page offers is taken through its control; the rest come from the route (query, robot jobs). */
function implementationFor(system: System) {
  const sendDirectly = async ({ event }: { event: EventObject }) => act(async () => sendTo(system, event as MemberListEvent));
  const answer = (name: ActorName) => async ({ event }: { event: EventObject }) =>
    act(async () => {
      system.actors[name].resolve((event as ActorDoneEvent<never>).output);
      await settle();
    });
  let anchor: number | null = null;
  /** Takes a selection control, then checks the rows it leaves checked. */
  const select = (control: () => HTMLElement, shiftKey = false) => async ({ event }: { event: EventObject }) => {
    const before = selectedIds();
    const expected = selectionAfter(event.type, before, event as { id?: number }, anchor);
    const target = control();
    await act(async () => void fireEvent.mouseDown(target, { shiftKey }));
    await act(async () => void fireEvent.mouseUp(window));
    await click(target);
    if (event.type.startsWith('members.select.') && 'id' in event) anchor = (event as unknown as { id: number }).id;
    expect(selectedIds(), event.type).toEqual(expected);
  };
  const toolbar = () => document.querySelector<HTMLElement>('[role="toolbar"]')!;
  const upgradeHighlighted = () => openDialog()?.querySelector('.members-upgrade--highlighted') !== null;
  const closeDialog = async () => {
    const dialog = openDialog()!;
    const name = dialog.querySelector('.p-dialog-title')?.textContent;
    if (name === 'Remove members' || name === 'Move to Removed') await click(buttonIn(dialog, 'Cancel'));
    else if (name === 'Removals limit reached') await click(buttonIn(dialog, 'OK'));
    else await click(dialog.querySelector<HTMLElement>('.p-dialog-header-close')!);
  };
  return {
    states: {
      ...Object.fromEntries(listStateKeys(memberListMachine).map((key) => [key, () => expectSpecAt(key, seenOnPage(), system)])),
      'list.ready.upgradeRequired.highlighted': () => expect(upgradeHighlighted()).toBe(true),
      'list.ready.upgradeRequired.plain': () => expect(upgradeHighlighted()).toBe(false),
    },
    events: {
      'xstate.init': async () => {
        system.actor.start();
        render(<MembersScreen system={system} />);
      },
      'members.list.changed': sendDirectly,
      'query.changed': async ({ event }: { event: EventObject }) =>
        act(() => changeAddress(system, (event as Extract<MemberListEvent, { type: 'query.changed' }>).query)),
      'members.reload': async (step: { event: EventObject }) =>
        system.actor.getSnapshot().matches({ list: 'failed' }) ? click(buttonIn(document, 'Try again')) : sendDirectly(step),
      'robot.job.finished': async ({ event }: { event: EventObject }) =>
        act(() => runMembersScan(system, (event as Extract<MemberListEvent, { type: 'robot.job.finished' }>).groupId)),
      'robot.reply.done': async () => act(() => finishRobotCommand(system)),
      'robot.reply.failed': async ({ event }: { event: EventObject }) =>
        act(() => failRobotCommand(system, (event as Extract<MemberListEvent, { type: 'robot.reply.failed' }>).message)),
      'members.select.all': select(() => buttonIn(toolbar(), 'Select all')),
      'members.select.none': select(() => buttonIn(toolbar(), 'Select none')),
      'members.select.invert': select(() => buttonIn(toolbar(), 'Invert')),
      'members.select.toggled': select(() => checkbox('Ada Baker')),
      'members.select.range': select(() => checkbox('Cleo Dough'), true),
      'members.drag.started': async () => act(async () => void fireEvent.mouseDown(checkbox('Ben Crumb'))),
      'members.drag.entered': async () => act(async () => void fireEvent.mouseEnter(checkbox('Cleo Dough').closest('tr')!)),
      'members.drag.ended': async () => act(async () => void fireEvent.mouseUp(window)),
      'members.move': ({ event }: { event: EventObject }) => {
        const { move } = event as Extract<MemberListEvent, { type: 'members.move' }>;
        const label = { whitelist: 'Add to Whitelist', unwhitelist: 'Remove from Whitelist', remove: 'Move to Removed', restore: 'Move to Inactive' }[move];
        return click(buttonIn(toolbar(), label));
      },
      'members.remove': () => click(buttonIn(toolbar(), 'Remove Members')),
      'members.removal.confirmed': () => click(buttonIn(openDialog()!, 'Remove 2 members')),
      'members.move.confirmed': () => click(buttonsIn(openDialog()!).find(({ label }) => /^Move \d+ members? to Removed$/.test(label))!.button),
      'members.undo': () => click(buttonIn(document.querySelector('.members-toast')!, 'Undo')),
      'members.outcome.dismissed': () => click(document.querySelector<HTMLElement>('.members-toast [aria-label="Close"]')!),
      'members.dialog.closed': closeDialog,
      'members.export': () => click(buttonIn(document, 'Export CSV')),
      ...Object.fromEntries(
        delayedEvents(memberListMachine).map(({ type }) => [
          type,
          async ({ event }: { event: EventObject }) => act(async () => advanceThroughDelay(memberListMachine, system.actor, system.clock, event)),
        ]),
      ),
      'xstate.done.actor.fetchMembers': answer('fetchMembers'),
      'xstate.done.actor.moveMembers': answer('moveMembers'),
      'xstate.done.actor.previewRemoval': answer('previewRemoval'),
      'xstate.done.actor.undoMove': answer('undoMove'),
      'xstate.done.actor.exportMembers': async (step: { event: EventObject }) => {
        await answer('exportMembers')(step);
        expect(system.saved).toEqual([EXPORTED_CSV]);
      },
      'xstate.error.actor.exportMembers': async ({ event }: { event: EventObject }) =>
        act(async () => {
          system.actors.exportMembers.reject((event as ActorErrorEvent).error);
          await settle();
          expect(system.exportFailures).toEqual([EXPORT_FAILURE]);
        }),
    },
  };
}

/**
 * The shortest path through each state per plan, with and without a selection, keeps the DOM-driven run short;
 * the machine-level model takes every path.
 */
function pathsIntoEveryState(isPaid: boolean) {
  const paths = modelFor(isPaid).getShortestPaths();
  const chosen = new Map<string, (typeof paths)[number]>();
  for (const path of paths) {
    for (const { state } of path.steps) {
      for (const key of listStateKeys(memberListMachine)) {
        if (!(state as AnyMachineSnapshot).matches(key)) continue;
        const place = `${key} ${state.context.query.list === 'all_members'} ${state.context.selection.length > 0}`;
        const known = chosen.get(place);
        if (!known || path.steps.length < known.steps.length) chosen.set(place, path);
      }
    }
  }
  return [...new Set(chosen.values())];
}

afterEach(cleanup);

describe.each(plans)('the members page on a $name, driven through its controls', ({ isPaid }) => {
  it.each(pathsIntoEveryState(isPaid).map((path) => [namePath(path, (event) => (/^xstate\.(done|error)\./.test(event.type) ? event.type.split('.').slice(1, 4).join(' ') : undefined)), path] as const))(
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

describe('the checkboxes', () => {
  it('select the row clicked, and on a Shift-click the rows from the one clicked last', async () => {
    const system = startSystem(false);
    try {
      system.actor.start();
      system.actors.fetchMembers.resolve({ kind: 'loaded', list: THREE_MEMBERS });
      await settle();
      render(<MembersScreen system={system} />);
      await act(async () => void fireEvent.mouseDown(checkbox('Ada Baker')));
      await act(async () => void fireEvent.mouseUp(window));
      await click(checkbox('Ada Baker'));
      expect(selectedIds()).toEqual([1]);
      await act(async () => void fireEvent.mouseDown(checkbox('Cleo Dough'), { shiftKey: true }));
      await click(checkbox('Cleo Dough'));
      expect(selectedIds()).toEqual([1, 2, 3]);
    } finally {
      system.stop();
    }
  });
});
