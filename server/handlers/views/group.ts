import type { FastifyRequest } from 'fastify';
import { effectiveGroupFlags } from '../../domain/group-flags';
import type { GroupRow } from '../../domain/held-groups';
import type { RemovalLimits } from '../../domain/removal-limits';
import { publicUrl } from '../../http/public-url';

/** The contract's Group; removal_limits only in the group admin's own calls. */
export function groupView(request: FastifyRequest, group: GroupRow, removalLimits?: RemovalLimits) {
  return {
    id: group.id,
    fb_group_id: group.fb_group_id,
    fb_slug: group.fb_slug,
    name: group.name,
    avatar_url: publicUrl(request, group.avatar_url),
    subscribed_plan: group.subscribed_plan,
    subscription_status: group.subscription_status,
    subscribed_from_at: group.subscribed_from_at,
    subscription_ends_at: group.subscription_ends_at,
    trial_ends_at: group.trial_ends_at,
    stripe_subscription_id: group.stripe_subscription_id,
    is_locked: group.is_locked,
    is_orphaned: group.is_orphaned,
    is_manual_subscription: group.is_manual_subscription,
    data_removal_at: group.data_removal_at,
    created_at: group.created_at,
    updated_at: group.updated_at,
    flags: effectiveGroupFlags(group.flags),
    ...(removalLimits ? { removal_limits: removalLimits } : {}),
  };
}
