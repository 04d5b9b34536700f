import type { SnapshotFrom } from 'xstate';
import { isPaidPlan } from '../../rules/plans';
import { formatUsd } from '../../rules/prices';
import type { components } from '../../src/api/schema';
import type { affiliatesMachine } from './machine';
import { INVALID_EMAIL_MESSAGE, isEmailAddress } from '../../rules/email';

type AffiliatesSnapshot = SnapshotFrom<typeof affiliatesMachine>;
type Group = components['schemas']['Group'];

export interface JoiningBox {
  /** The email box shows only for a user without an email. */
  askEmail: boolean;
  email: string;
  /** 'Please Enter Valid Email' under a typed email that is not one. */
  emailError: string | null;
  canEnable: boolean;
  enabling: boolean;
  failure: string | null;
}

export interface AffiliateAccountView {
  link: string;
  login: string;
  /** Null: 'We don't know your password'. */
  password: string | null;
  /** In USD with 2 decimals. */
  balance: string;
}

export type AffiliatesPage =
  | { kind: 'loading' }
  | { kind: 'loadFailed'; failure: string | null }
  | { kind: 'joining'; box: JoiningBox }
  | { kind: 'enabled'; account: AffiliateAccountView };

/** What the Affiliates page shows for a snapshot of its workflow. */
export function affiliatesPageOf(snapshot: AffiliatesSnapshot): AffiliatesPage {
  const { affiliate, email, userEmail, failure } = snapshot.context;
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('loadFailed')) return { kind: 'loadFailed', failure };
  if (snapshot.matches('enabled') && affiliate) {
    return {
      kind: 'enabled',
      account: { link: affiliate.link, login: affiliate.login, password: affiliate.password, balance: formatUsd(affiliate.balance) },
    };
  }
  return {
    kind: 'joining',
    box: {
      askEmail: userEmail === null,
      email,
      emailError: email.trim() !== '' && !isEmailAddress(email) ? INVALID_EMAIL_MESSAGE : null,
      canEnable: snapshot.can({ type: 'affiliate.enable' }),
      enabling: snapshot.matches('enabling'),
      failure,
    },
  };
}

/** Affiliate features are locked unless the user has a group on a paid plan (spec part 1 §4, §6). */
export function affiliateFeaturesLocked(groups: ReadonlyArray<{ subscribed_plan: Group['subscribed_plan'] }>): boolean {
  return !groups.some((group) => isPaidPlan(group.subscribed_plan));
}
