import type { GroupSubscriptionStatus } from '../db/enums';
import type { SubscribedPlan } from '../../rules/plans';
import type { GroupSettings } from '../db/json-types';
import type { SandboxAccountKey } from './accounts';
import type { SandboxGroupKey } from './catalog';

/** What the product knows about the sandbox groups that were connected before first start. */
export interface ConnectedGroupDefinition {
  key: SandboxGroupKey;
  holder: SandboxAccountKey;
  plan: SubscribedPlan;
  subscription_status: GroupSubscriptionStatus | null;
  connectedDaysAgo: number;
  subscribedDaysAgo: number | null;
  /** Days until the paid period ends; negative when it already ended. */
  subscriptionEndsInDays: number | null;
  is_locked: boolean;
  countPaymentError: number;
  settings: Partial<GroupSettings>;
  scheduleEnabled: boolean;
  /** Members removed so far: a share of the group, or an exact number. */
  removed: { share: number } | { count: number };
  whitelistedShare: number;
  /** Of the group's other admins, how many the holder granted access to the product. */
  grantedAdmins: number;
}

export const SANDBOX_CONNECTED_GROUPS: readonly ConnectedGroupDefinition[] = [
  {
    key: 'ada_free',
    holder: 'ada',
    plan: 'free',
    subscription_status: null,
    connectedDaysAgo: 230,
    subscribedDaysAgo: null,
    subscriptionEndsInDays: null,
    is_locked: false,
    countPaymentError: 0,
    settings: {},
    scheduleEnabled: false,
    removed: { count: 3 },
    whitelistedShare: 0.01,
    grantedAdmins: 0,
  },
  {
    key: 'ada_monthly',
    holder: 'ada',
    plan: 'monthly',
    subscription_status: 'active',
    connectedDaysAgo: 300,
    subscribedDaysAgo: 40,
    subscriptionEndsInDays: 20,
    is_locked: false,
    countPaymentError: 0,
    settings: { engagement_sync_posts_back: 30 },
    scheduleEnabled: true,
    removed: { share: 0.02 },
    whitelistedShare: 0.012,
    grantedAdmins: 1,
  },
  {
    key: 'ada_annual',
    holder: 'ada',
    plan: 'annual',
    subscription_status: 'active',
    connectedDaysAgo: 420,
    subscribedDaysAgo: 200,
    subscriptionEndsInDays: 165,
    is_locked: false,
    countPaymentError: 0,
    settings: { engagement_sync_posts_back: 50, engagement_sync_reactions_per_post: 150, engagement_sync_comments_per_post: 100 },
    scheduleEnabled: true,
    removed: { share: 0.03 },
    whitelistedShare: 0.01,
    grantedAdmins: 1,
  },
  {
    key: 'ada_locked',
    holder: 'ada',
    plan: 'monthly',
    subscription_status: 'past_due',
    connectedDaysAgo: 260,
    subscribedDaysAgo: 75,
    subscriptionEndsInDays: -15,
    is_locked: true,
    countPaymentError: 2,
    settings: {},
    scheduleEnabled: false,
    removed: { share: 0.01 },
    whitelistedShare: 0.008,
    grantedAdmins: 0,
  },
  {
    key: 'sam_lifetime',
    holder: 'sam',
    plan: 'once',
    subscription_status: 'active',
    connectedDaysAgo: 320,
    subscribedDaysAgo: 300,
    subscriptionEndsInDays: null,
    is_locked: false,
    countPaymentError: 0,
    settings: { engagement_sync_lookbehind_by: 'days', engagement_sync_days_back: 30 },
    scheduleEnabled: false,
    removed: { share: 0.02 },
    whitelistedShare: 0.02,
    grantedAdmins: 0,
  },
  {
    key: 'otto_annual',
    holder: 'otto',
    plan: 'annual',
    subscription_status: 'active',
    connectedDaysAgo: 190,
    subscribedDaysAgo: 100,
    subscriptionEndsInDays: 265,
    is_locked: false,
    countPaymentError: 0,
    settings: {},
    scheduleEnabled: false,
    removed: { share: 0.015 },
    whitelistedShare: 0.01,
    grantedAdmins: 0,
  },
];
