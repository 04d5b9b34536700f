/** A customer of a connected account as the provider reports it; money in cents, times in unix seconds. */
export interface ProviderCustomer {
  externalId: string;
  name: string | null;
  email: string | null;
  paid: number;
  subscription: string | null;
  subscriptionCreated: number | null;
  subscriptionStatus: string | null;
}

/** One page of a connected account's customers; `nextCursor` null on the last page. */
export interface CustomerPage {
  customers: ProviderCustomer[];
  nextCursor: string | null;
}

/** The group whose account is being connected. */
export interface ConnectingGroup {
  id: number;
  name: string;
  fbGroupId: string;
}

/** Where the provider sends the browser back: when onboarding ends, and when its link has expired. */
export interface OnboardingReturn {
  returnUrl: string;
  refreshUrl: string;
}

/**
 * The payment provider's side of a group's connected account (Stripe Connect, or the sandbox's
 * stand-in): creating the account once, the page where its owner finishes onboarding, whether
 * onboarding is done, and the account's customers page by page.
 */
export interface ConnectAdapter {
  /** Creates the provider account the group's customers live in; called once per connection. */
  createAccount(group: ConnectingGroup): Promise<{ externalAccountId: string; companyName: string | null }>;
  /** A fresh address where the account's owner continues onboarding. */
  onboardingUrl(account: { externalAccountId: string; groupId: number }, back: OnboardingReturn): Promise<string>;
  /**
   * Whether the provider says onboarding is finished, with the company name it knows. The sandbox
   * has none: its Connect page completes onboarding itself (POST /sandbox/payments/connect/complete).
   */
  readOnboarding?(externalAccountId: string): Promise<{ completed: boolean; companyName: string | null }>;
  /** One page of the account's customers, from the start (cursor null) or where the last page ended. */
  listCustomers(account: { externalAccountId: string; groupId: number }, cursor: string | null, pageSize: number): Promise<CustomerPage>;
}
