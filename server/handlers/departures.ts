import { decideHeldDepartures, readHeldDepartures } from '../domain/gone-members';
import { ApiError } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup, OperationRequest } from './types';
import { memberSummaryView } from './views/member';

/** The departures a members scan held for the admin (gone-members.ts): read them, confirm or dismiss them. */
export function departuresHandlers({ db, now }: HandlerContext): HandlerGroup {
  async function decide(request: OperationRequest<'confirmHeldDepartures' | 'dismissHeldDepartures'>, confirm: boolean) {
    const { job_id } = request.body;
    const outcome = await decideHeldDepartures(db, {
      groupId: request.params.id,
      jobId: job_id,
      confirm,
      userId: callerOf(request).userId,
      ip: request.ip,
      at: now(),
    });
    if ('refused' in outcome) {
      throw new ApiError('conflict', 'These departures are no longer held: a later scan replaced them, or they were decided', { reason: 'not_held' });
    }
    return { count: outcome.count };
  }

  return {
    async getHeldDepartures(request) {
      const held = await readHeldDepartures(db, request.params.id);
      if (!held) return { departures: null };
      return {
        departures: {
          job_id: held.jobId,
          count: held.count,
          held_at: held.heldAt.toISOString(),
          members: held.sample.map((member) => memberSummaryView(request, member)),
        },
      };
    },

    async confirmHeldDepartures(request) {
      return decide(request, true);
    },

    async dismissHeldDepartures(request) {
      return decide(request, false);
    },
  };
}
