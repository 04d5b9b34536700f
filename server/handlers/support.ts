import { createSupportTicket } from '../domain/support-tickets';
import { callerOf } from './caller';
import { checkTextFields } from './text-fields';
import type { HandlerContext, HandlerGroup } from './types';

export function supportHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async createSupportTicket(request, reply) {
      const body = request.body;
      checkTextFields({ subject: body.subject, message: body.message });
      const ticket = await createSupportTicket(
        db,
        { userId: callerOf(request).userId, subject: body.subject ?? null, message: body.message, email: body.email ?? null },
        now(),
      );
      reply.code(201);
      return {
        ticket: {
          id: ticket.id,
          user_id: ticket.user_id,
          subject: ticket.subject,
          message: ticket.message,
          email: ticket.email,
          created_at: ticket.created_at,
        },
      };
    },
  };
}
