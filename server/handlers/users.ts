import { changeUserEmail } from '../domain/user-email';
import { ApiError } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { userView } from './views/user';

export function usersHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async updateUserEmail(request) {
      const { email } = request.body;
      const user = await changeUserEmail(db, callerOf(request).userId, email, now());
      if (user === 'taken') throw new ApiError('conflict', 'This email belongs to another account', { reason: 'email_taken' });
      return { user: userView(request, user) };
    },
  };
}
