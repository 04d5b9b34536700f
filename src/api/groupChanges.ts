import type { Middleware } from 'openapi-fetch';

/**
 * The calls whose success changes what GET /groups says of a group (its plan, its removal limits,
 * the groups held): member moves and their undoing, held departures, the robot's removals and finished jobs,
 * subscriptions (buying, upgrading, changing the card that pays them), an acquired group and a granted or revoked admin
 * (who holds the group). Keyed by method and contract path.
 */
export const GROUP_CHANGING_CALLS: ReadonlySet<string> = new Set([
  'POST /groups/{id}/members/whitelisted',
  'POST /groups/{id}/members/removed',
  'POST /groups/{id}/members/moves/{move_id}/undo',
  'POST /groups/{id}/departures/confirm',
  'POST /groups/{id}/departures/dismiss',
  'POST /robot/jobs/{job_id}/removals',
  'POST /robot/jobs/{job_id}/finish',
  'POST /groups/{id}/subscription',
  'PUT /groups/{id}/subscription',
  'POST /groups/{id}/subscription/source',
  'POST /groups/acquire',
  'PUT /groups/{id}/permissions',
]);

/** Tells `onChanged` after every successful call of GROUP_CHANGING_CALLS. */
export function groupChangesWatcher(onChanged: () => void): Middleware {
  return {
    onResponse({ request, response, schemaPath }) {
      if (response.ok && GROUP_CHANGING_CALLS.has(`${request.method} ${schemaPath}`)) onChanged();
    },
  };
}
