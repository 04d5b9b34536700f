import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { unreachableApi } from '../../../.storybook/storyRobot';
import { permissionsMachine } from '../../../machines/permissions/machine';
import { CANDIDATE, GRANTED_ADMIN, GROUP_NAME, PERMISSIONS_ANSWERS, VIEWER_FB_USER_ID } from './fixtures';

const { loadPermissions, setPermission } = PERMISSIONS_ANSWERS;

/**
 * The permissions page's reachable states: a paid group's admin list loaded (or empty, or failed),
 * an admin revoked after the question, and a member granted admin through the Add Admin modal, each
 * change accepted or refused.
 */
export const permissionsStories: MachineStories<typeof permissionsMachine> = {
  machine: permissionsMachine,
  input: {
    api: unreachableApi,
    groupId: 3,
    groupName: GROUP_NAME,
    closedBecause: null,
    viewerFbUserId: VIEWER_FB_USER_ID,
    query: { role: 'all', page: 1, perPage: 25 },
  },
  events: [
    { type: 'permissions.retry' },
    { type: 'permissions.revoke', membership: GRANTED_ADMIN },
    { type: 'permissions.revoke.confirmed' },
    { type: 'permissions.revoke.cancelled' },
    { type: 'addAdmin.open' },
    { type: 'addAdmin.member.chosen', member: CANDIDATE },
    { type: 'addAdmin.ok' },
    { type: 'addAdmin.grant' },
  ],
  outcomes: {
    loadPermissions: answering({ loaded: loadPermissions.loaded, empty: loadPermissions.empty, failed: loadPermissions.failed }),
    revokePermission: answering({ revoked: setPermission.revoked, refused: setPermission.refused }),
    grantPermission: answering({ granted: setPermission.granted, refused: setPermission.refused }),
  },
  // An empty list differs only where the list is what the page shows.
  distinguishingContext: (snapshot) => ({
    empty: snapshot.matches('showing') && snapshot.context.memberships.length === 0,
    failure: snapshot.context.failure !== null,
  }),
  variant: (snapshot) => {
    const empty = snapshot.matches('showing') && snapshot.context.memberships.length === 0 ? 'Empty' : '';
    const failed = snapshot.context.failure !== null && !snapshot.matches('loadFailed') ? 'AfterAFailure' : '';
    return `${empty}${failed}`;
  },
};
