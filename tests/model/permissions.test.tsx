import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject, type InputFrom } from 'xstate';
import type { loadPermissions, Membership, PermissionsAnswer, PermissionsQuery, SetPermissionAnswer, setPermission } from '../../machines/permissions/actors';
import { permissionsMachine, type PermissionsEvent, type PermissionsInput } from '../../machines/permissions/machine';
import { permissionsPageOf } from '../../machines/permissions/selectors';
import { createApiClient } from '../../src/api/client';
import { CANDIDATE, GRANTED_ADMIN, GROUP_NAME, PERMISSIONS_ANSWERS, VIEWER_FB_USER_ID } from '../../src/features/permissions/fixtures';
import { PermissionsView } from '../../src/features/permissions/PermissionsView';
import { PermissionsWorkflow } from '../../src/features/permissions/PermissionsWorkflow';
import { ToastProvider } from '../../src/ui/toast';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { itChecksEveryPath } from './support/modelChecks';
import { actorDoneEvents, type ActorDoneEvent } from './support/modelEvents';

type ActorOutput = PermissionsAnswer | SetPermissionAnswer;
type ModelEvent = PermissionsEvent | ActorDoneEvent<ActorOutput>;

const { loadPermissions: loads, setPermission: sets } = PERMISSIONS_ANSWERS;
const ADMINS_ONLY: PermissionsQuery = { role: 'admin', page: 1, perPage: 25 };

const modelEvents: ModelEvent[] = [
  { type: 'permissions.query.changed', query: ADMINS_ONLY },
  { type: 'permissions.retry' },
  { type: 'permissions.revoke', membership: GRANTED_ADMIN },
  { type: 'permissions.revoke.confirmed' },
  { type: 'permissions.revoke.cancelled' },
  { type: 'addAdmin.open' },
  { type: 'addAdmin.member.chosen', member: CANDIDATE },
  { type: 'addAdmin.member.cleared' },
  { type: 'addAdmin.ok' },
  { type: 'addAdmin.back' },
  { type: 'addAdmin.grant' },
  { type: 'addAdmin.cancel' },
  ...actorDoneEvents<ActorOutput>('loadPermissions', Object.values(loads)),
  ...actorDoneEvents<ActorOutput>('revokePermission', [sets.revoked, sets.refused]),
  ...actorDoneEvents<ActorOutput>('grantPermission', [sets.granted, sets.refused]),
];

const unusedApi = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the model provides every actor')) });
const GROUP_ID = 3;
const INPUT: PermissionsInput = {
  api: unusedApi,
  groupId: GROUP_ID,
  groupName: GROUP_NAME,
  closedBecause: null,
  viewerFbUserId: VIEWER_FB_USER_ID,
  query: { role: 'all', page: 1, perPage: 25 },
};

const model = createMachineTestModel(permissionsMachine, {
  input: INPUT,
  events: modelEvents,
  distinguishingContext: ({ context }) => ({
    rows: context.memberships.length,
    failure: context.failure !== null,
    candidate: context.candidate !== null,
    role: context.query.role,
  }),
  // Revoke is a button on the admin's row: only a listed admin can be named.
  isPossible: ({ context }, event) => event.type !== 'permissions.revoke' || context.memberships.includes(event.membership),
});
const paths = model.getShortestPaths();

/** What the admin has been told so far, kept by the test itself: what the page must show follows from it. */
interface Story {
  rows: Membership[];
  failure: string | null;
  toasts: string[];
}

function startSystem() {
  const actors = {
    loadPermissions: createDeferredActor<PermissionsAnswer, InputFrom<typeof loadPermissions>>(),
    setPermission: createDeferredActor<SetPermissionAnswer, InputFrom<typeof setPermission>>(),
  };
  const machine = permissionsMachine.provide({ actors: { loadPermissions: actors.loadPermissions.logic, setPermission: actors.setPermission.logic } });
  const actor = createActor(machine, { input: INPUT, clock: new SimulatedClock() });
  render(
    <MemoryRouter>
      <PrimeReactProvider value={{ cssTransition: false }}>
        <ToastProvider>
          <PermissionsWorkflow actor={actor} api={unusedApi} groupId={GROUP_ID} purchasePath="/3/purchase" onRoleChange={() => {}} onPageChange={() => {}} />
        </ToastProvider>
      </PrimeReactProvider>
    </MemoryRouter>,
  );
  const story: Story = { rows: [], failure: null, toasts: [] };
  return { actor, actors, story, stop: () => actor.stop() };
}

type System = ReturnType<typeof startSystem>;
type ActorId = keyof System['actors'];

function expectWaiting(system: System, id: ActorId | null) {
  for (const other of Object.keys(system.actors) as ActorId[]) expect(system.actors[other].waitingRuns(), other).toBe(other === id ? 1 : 0);
}

const page = () => within(screen.getByRole('region', { name: 'Permissions' }));
const table = () => screen.getByRole('table', { name: 'Members and their roles' });
const dialog = () => within(screen.getByRole('dialog'));
const button = (scope: ReturnType<typeof within>, name: string) => scope.getByRole('button', { name }) as HTMLButtonElement;

/** Spec part 2 §2, §6: Revoke on admins' rows, never on your own; the holder who acquired the group stays admin. */
const offersRevoke = (row: Membership) => row.role === 'admin' && row.member?.fb_user_id !== VIEWER_FB_USER_ID && !row.is_group_holder;

/** The table as the story says: each member with their role badge, Revoke where the spec allows it. */
function expectTable(system: System) {
  const rows = within(table()).getAllByRole('row').slice(1);
  if (system.story.rows.length === 0) {
    expect(rows.map((row) => row.textContent)).toEqual(['No members to show.']);
    return;
  }
  expect(rows).toHaveLength(system.story.rows.length);
  system.story.rows.forEach((membership, index) => {
    const row = within(rows[index]!);
    expect(row.getByText(membership.member!.name)).toBeTruthy();
    expect(row.getByText(membership.role)).toBeTruthy();
    expect(row.queryByRole('button', { name: /^Revoke/ }) !== null, membership.member!.name).toBe(offersRevoke(membership));
  });
  expect(button(page(), 'Add Admin').disabled).toBe(false);
}

function expectPageFailure(system: System) {
  if (system.story.failure) expect(page().getByText(system.story.failure)).toBeTruthy();
}

function expectAddAdminDialog() {
  expect(screen.getByRole('dialog').textContent).toContain(`Add New Admin to ${GROUP_NAME}`);
}

function implementationFor(system: System) {
  const answer = (id: ActorId) => async ({ event }: { event: EventObject }) => {
    const output = (event as ActorDoneEvent<ActorOutput>).output;
    if (output.kind === 'loaded') {
      system.story.rows = output.memberships;
      system.story.failure = null;
    } else if (output.kind === 'failed') {
      system.story.failure = output.message;
    } else {
      const name = output.membership.member!.name;
      system.story.toasts.push(output.membership.role === 'admin' ? `Admin permission granted to ${name}` : `Admin permission revoked from ${name}`);
      system.story.failure = null;
    }
    await act(async () => {
      (system.actors[id].resolve as (output: ActorOutput) => void)(output);
      await settle();
    });
    for (const toast of system.story.toasts) expect(screen.getAllByText(toast).length).toBeGreaterThan(0);
    // Spec part 2 §4: the permissions are reloaded after a grant or a revoke.
    if (output.kind === 'changed') expect(system.actors.loadPermissions.waitingRuns()).toBe(1);
  };
  const click = (target: () => HTMLElement) => async () => act(async () => void fireEvent.click(target()));
  const send = (event: PermissionsEvent) => async () => act(async () => void system.actor.send(event));
  return {
    states: {
      loading: () => {
        expectWaiting(system, 'loadPermissions');
        expect(table().getAttribute('aria-busy')).toBe('true');
      },
      loadFailed: () => {
        expectWaiting(system, null);
        expect(page().getByText(`The permissions could not be loaded. ${system.story.failure}`)).toBeTruthy();
        expect(page().queryByRole('table')).toBeNull();
      },
      showing: () => {
        expectWaiting(system, null);
        expect(table().getAttribute('aria-busy')).toBe('false');
        expectTable(system);
        expectPageFailure(system);
        expect(screen.queryByRole('dialog')).toBeNull();
      },
      confirmingRevoke: () => {
        expectWaiting(system, null);
        expect(dialog().getByText(/Revoke admin permission from Bea Granted\?/)).toBeTruthy();
        expect(button(dialog(), 'Revoke').disabled).toBe(false);
      },
      revoking: () => {
        expectWaiting(system, 'setPermission');
        expect(system.actors.setPermission.waitingInputs()[0]).toMatchObject({ groupId: GROUP_ID, memberId: GRANTED_ADMIN.member_id, role: 'subscriber' });
        expect(button(dialog(), 'Revoke').disabled).toBe(true);
      },
      addingAdmin: () => expectAddAdminDialog(),
      'addingAdmin.choosing': () => {
        expectWaiting(system, null);
        expect(button(dialog(), 'Ok').disabled).toBe(true);
      },
      'addingAdmin.chosen': () => {
        expectWaiting(system, null);
        expect(button(dialog(), 'Ok').disabled).toBe(false);
        if (system.story.failure) expect(dialog().getByText(system.story.failure)).toBeTruthy();
      },
      'addingAdmin.confirming': () => {
        expect(button(dialog(), `Grant admin permission to ${CANDIDATE.name}`).disabled).toBe(false);
      },
      'addingAdmin.granting': () => {
        expectWaiting(system, 'setPermission');
        expect(system.actors.setPermission.waitingInputs()[0]).toMatchObject({ groupId: GROUP_ID, memberId: CANDIDATE.id, role: 'admin' });
        expect(button(dialog(), `Grant admin permission to ${CANDIDATE.name}`).disabled).toBe(true);
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      // The address is the route's to read; the workflow hears the filters it asks for.
      'permissions.query.changed': send({ type: 'permissions.query.changed', query: ADMINS_ONLY }),
      'permissions.retry': click(() => button(page(), 'Try again')),
      'permissions.revoke': click(() => button(page(), `Revoke ${GRANTED_ADMIN.member!.name}`)),
      'permissions.revoke.confirmed': click(() => button(dialog(), 'Revoke')),
      'permissions.revoke.cancelled': click(() => button(dialog(), 'Cancel')),
      'addAdmin.open': click(() => button(page(), 'Add Admin')),
      // The typeahead's choosing and clearing are PrimeReact's AutoComplete; the workflow hears their outcome.
      'addAdmin.member.chosen': send({ type: 'addAdmin.member.chosen', member: CANDIDATE }),
      'addAdmin.member.cleared': send({ type: 'addAdmin.member.cleared' }),
      'addAdmin.ok': click(() => button(dialog(), 'Ok')),
      'addAdmin.back': click(() => button(dialog(), 'Back')),
      'addAdmin.grant': click(() => button(dialog(), `Grant admin permission to ${CANDIDATE.name}`)),
      'addAdmin.cancel': click(() => button(dialog(), 'Cancel')),
      'xstate.done.actor.loadPermissions': answer('loadPermissions'),
      'xstate.done.actor.revokePermission': answer('setPermission'),
      'xstate.done.actor.grantPermission': answer('setPermission'),
    },
  };
}

function labelAnswer(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const known: Record<string, ActorOutput> = { ...loads, ...sets };
  return `${event.type.split('.')[3]} done: ${Object.entries(known).find(([, value]) => value === output)?.[0]}`;
}

describe('permissions model', () => {
  afterEach(() => cleanup());

  itChecksEveryPath({ machine: permissionsMachine, paths, startSystem: () => startSystem(), implementationFor, labelAnswer: labelAnswer });
});

describe('Add Admin on a free or locked group', () => {
  afterEach(() => cleanup());

  it.each([
    ['free_plan', 'Not available on Free plan', 'Upgrade to PRO'],
    ['locked', 'Account is locked', 'Subscribe to unlock'],
  ] as const)('is locked behind the %s notice with a link to the purchase page, and the workflow refuses to open it', async (closedBecause, title, action) => {
    const shown = async (input: PermissionsInput) => {
      const load = createDeferredActor<PermissionsAnswer, InputFrom<typeof loadPermissions>>();
      const started = createActor(permissionsMachine.provide({ actors: { loadPermissions: load.logic } }), { input }).start();
      load.resolve(loads.loaded);
      await settle();
      return started;
    };
    const open = await shown(INPUT);
    expect(open.getSnapshot().can({ type: 'addAdmin.open' })).toBe(true);
    open.stop();
    const actor = await shown({ ...INPUT, closedBecause });
    const noop = () => {};
    render(
      <MemoryRouter>
        <PrimeReactProvider value={{ cssTransition: false }}>
          <PermissionsView
            page={permissionsPageOf(actor.getSnapshot())}
            purchasePath="/3/purchase"
            suggestions={[]}
            onSearch={noop}
            onRoleChange={noop}
            onPageChange={noop}
            onRetry={noop}
            onRevoke={noop}
            onConfirmRevoke={noop}
            onCancelRevoke={noop}
            onOpenAddAdmin={noop}
            onChoose={noop}
            onClear={noop}
            onOk={noop}
            onBack={noop}
            onGrant={noop}
            onCancelAddAdmin={noop}
          />
        </PrimeReactProvider>
      </MemoryRouter>,
    );
    const notice = screen.getByRole('region', { name: title });
    expect(within(notice).getByRole('link', { name: action }).getAttribute('href')).toBe('/3/purchase');
    expect(screen.getByRole('button', { name: 'Add Admin', hidden: true }).closest('[inert]')).not.toBeNull();
    // Spec part 2 §6: no permission action on such a group, Revoke included.
    expect(screen.getByText(GRANTED_ADMIN.member!.name)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'addAdmin.open' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'permissions.revoke', membership: GRANTED_ADMIN })).toBe(false);
    actor.stop();
  });
});
