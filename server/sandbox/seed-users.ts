import type { users } from '../db/schema';
import { SANDBOX_ACCOUNTS, type SandboxAccountKey } from './accounts';
import { accountPerson } from './people';
import { hashInts } from './random';
import { daysBefore } from './seed-time';
import type { SandboxWorld } from './world';

type UserInsert = typeof users.$inferInsert;

interface AccountState {
  signedUpDaysAgo: number;
  row: Partial<UserInsert>;
}

const DONE_ONBOARDING = { connects_is_enabled: true, onboarding_completed: true, welcome_page_seen: true };

const ACCOUNT_STATES: Record<SandboxAccountKey, AccountState> = {
  ada: {
    signedUpDaysAgo: 430,
    row: {
      card_exists: true,
      card_brand: 'visa',
      card_last4: '4242',
      stripe_customer_id: 'cus_sandbox_ada',
      tapfiliate_id: 'ada-admin',
      tapfiliate_password: 'hive-camera-trail-42',
      friendfilter_id: 'ff_sandbox_ada',
      flags: { ...DONE_ONBOARDING, count_share_facebook_referral: 3 },
    },
  },
  sam: {
    signedUpDaysAgo: 500,
    row: {
      card_exists: true,
      card_brand: 'amex',
      card_last4: '8431',
      stripe_customer_id: 'cus_sandbox_sam',
      flags: { ...DONE_ONBOARDING, robot_training: true },
    },
  },
  bella: { signedUpDaysAgo: 200, row: { flags: DONE_ONBOARDING } },
  nora: {
    signedUpDaysAgo: 3,
    row: { flags: { connects_is_enabled: true, onboarding_completed: false, welcome_page_seen: false } },
  },
  otto: {
    signedUpDaysAgo: 210,
    row: {
      card_exists: true,
      card_brand: 'mastercard',
      card_last4: '4444',
      stripe_customer_id: 'cus_sandbox_otto',
      tapfiliate_id: 'otto-owner',
      flags: DONE_ONBOARDING,
    },
  },
};

export function accountSignedUpAt(world: SandboxWorld, key: SandboxAccountKey): Date {
  return daysBefore(world.now, ACCOUNT_STATES[key].signedUpDaysAgo);
}

export function userRows(world: SandboxWorld): UserInsert[] {
  return SANDBOX_ACCOUNTS.map((account, index) => {
    const person = accountPerson(world, account.key);
    const signedUpAt = accountSignedUpAt(world, account.key);
    return {
      fb_auth_user_id: String(10_000_000_000_000 + (hashInts(world.seed, index, 41) % 1_000_000_000) * 1_000 + index),
      fb_user_id: person.fb_user_id,
      fb_username: person.fb_username,
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      name: account.name,
      avatar_url: person.avatar_url,
      is_supervisor: account.is_supervisor,
      is_banned: account.is_banned,
      settings: {},
      created_at: signedUpAt,
      updated_at: signedUpAt,
      ...ACCOUNT_STATES[account.key].row,
    };
  });
}
