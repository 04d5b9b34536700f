import type { AppDb } from '../db/connect';
import { support_tickets } from '../db/schema';
import { findUser } from './users';

export interface TicketRequest {
  userId: number;
  subject: string | null;
  message: string;
  /** Where to answer; the user's own email when absent. */
  email: string | null;
}

export type TicketRow = typeof support_tickets.$inferSelect;

export async function createSupportTicket(db: AppDb, request: TicketRequest, at: Date): Promise<TicketRow> {
  const email = request.email ?? (await findUser(db, request.userId))?.email ?? null;
  const [ticket] = await db
    .insert(support_tickets)
    .values({ user_id: request.userId, subject: request.subject, message: request.message, email, created_at: at })
    .returning();
  return ticket!;
}
