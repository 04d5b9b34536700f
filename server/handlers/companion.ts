import { issueCompanionToken, redeemCompanionToken } from '../domain/companion-tokens';
import { notFound } from '../http/errors';
import { publicUrl } from '../http/public-url';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';

export function companionHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async createCompanionToken(request, reply) {
      const { token, expiresAt } = await issueCompanionToken(db, callerOf(request), now());
      reply.code(201);
      return { token, expires_at: expiresAt.toISOString() };
    },
    async redeemCompanionToken(request) {
      const user = await redeemCompanionToken(db, request.body.token, now());
      if (!user) throw notFound('This sign-in link has expired or was used already');
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          fb_user_id: user.fb_user_id,
          avatar_url: publicUrl(request, user.avatar_url),
          friendfilter_id: user.friendfilter_id,
        },
      };
    },
  };
}
