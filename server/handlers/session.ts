import { readToggles } from '../domain/toggles';
import { signIn } from '../domain/sign-in';
import { signOut } from '../domain/sign-out';
import { switchBack, switchRefusal, switchToUser } from '../domain/session-switch';
import { findLinkedMember, findUser } from '../domain/users';
import { bearerToken } from '../http/access';
import { ApiError, notFound, unauthorized } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { memberSummaryView } from './views/member';
import { userSummaryView, userView } from './views/user';

const SWITCH_REFUSALS = {
  yourself: 'You cannot switch to yourself',
  already_switched: 'Switch back to your own account first',
};

export function sessionHandlers({ db, identity, now }: HandlerContext): HandlerGroup {
  return {
    async createSession(request) {
      const { facebook_token: token } = request.body;
      if ((await readToggles(db)).login_disabled) {
        throw new ApiError('conflict', 'Sign-in is disabled for now. Coming soon!', { reason: 'login_disabled' });
      }
      const verified = await identity.verify(token);
      if (!verified) throw unauthorized('The sign-in was not accepted; please sign in again');
      const { token: accessToken, user } = await signIn(db, verified, request.ip, now());
      return { access_token: accessToken, user: userView(request, user) };
    },

    async getSession(request) {
      const caller = callerOf(request);
      const user = await findUser(db, caller.userId);
      if (!user) throw new Error(`user ${caller.userId} has a session but no record`);
      const member = await findLinkedMember(db, user.fb_user_id);
      const switchedBy = caller.impersonatorUserId === null ? undefined : await findUser(db, caller.impersonatorUserId);
      return {
        user: userView(request, user),
        member: member ? memberSummaryView(request, member) : null,
        access_token: bearerToken(request),
        switched_by: switchedBy ? userSummaryView(request, switchedBy) : null,
      };
    },

    async deleteSession(request, reply) {
      await signOut(db, callerOf(request), request.ip, now());
      reply.code(204);
    },

    async switchSession(request) {
      const supervisor = callerOf(request);
      const { user_id: targetUserId } = request.body;
      const refusal = switchRefusal(supervisor, targetUserId);
      if (refusal) throw new ApiError('conflict', SWITCH_REFUSALS[refusal], { reason: refusal });
      const switched = await switchToUser(db, supervisor, targetUserId, request.ip, now());
      if (!switched) throw notFound('No such user');
      return { access_token: switched.token, user: userView(request, switched.user) };
    },

    async endSwitchedSession(request) {
      const caller = callerOf(request);
      const { impersonatorUserId } = caller;
      const supervisor =
        impersonatorUserId === null ? undefined : await switchBack(db, { ...caller, impersonatorUserId }, request.ip, now());
      if (!supervisor) {
        throw new ApiError('conflict', 'This session was not switched to from a supervisor account', { reason: 'not_switched' });
      }
      return { user: userView(request, supervisor) };
    },
  };
}
