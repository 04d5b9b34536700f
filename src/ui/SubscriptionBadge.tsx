import { Tag } from 'primereact/tag';

/** Part 2 §4: a subscription status badge is success when active, danger when failed, warning for anything else. */
export function subscriptionSeverity(status: string | null): 'success' | 'danger' | 'warning' {
  return status === 'active' ? 'success' : status === 'failed' ? 'danger' : 'warning';
}

/** A payment customer's subscription, as the members table and the match review show it; nothing without a status. */
export function SubscriptionBadge({ status, label }: { status: string | null; label?: string | null }) {
  if (!status) return null;
  return <Tag severity={subscriptionSeverity(status)} value={label ?? status} />;
}
