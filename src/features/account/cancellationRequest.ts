import { pathTo } from '../../app/routes';

/** What the support form opens with when the user asks to cancel a subscription. */
export const CANCELLATION_REQUEST = {
  subject: 'Cancel my subscription',
  message: 'Please cancel the subscription of my group: (name the group here). Reason (optional): ',
};

/** Help & Support, its form filled in with the cancellation request. */
export function cancellationRequestPath(): string {
  return `${pathTo('support')}?${new URLSearchParams(CANCELLATION_REQUEST)}`;
}
