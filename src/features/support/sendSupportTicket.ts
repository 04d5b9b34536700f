import type { ApiClient } from '../../api/client';
import { failureReason } from '../../api/failureReason';
import type { SupportDraft } from './supportForm';

export type SupportTicketResult = { kind: 'sent' } | { kind: 'failed'; reason: string };

/** POST /support/tickets. */
export async function sendSupportTicket(api: ApiClient, { subject, message, email }: SupportDraft): Promise<SupportTicketResult> {
  try {
    const { data, error, response } = await api.POST('/support/tickets', {
      body: { subject: subject.trim(), message: message.trim(), email: email.trim() },
    });
    return data ? { kind: 'sent' } : { kind: 'failed', reason: failureReason(error, response) };
  } catch (error) {
    return { kind: 'failed', reason: failureReason(error, undefined) };
  }
}
