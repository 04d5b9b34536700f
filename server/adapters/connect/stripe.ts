import Stripe from 'stripe';
import { UPSTREAM_TIMEOUT_MS } from '../upstream';
import type { ConnectAdapter, ProviderCustomer } from './connect-adapter';

export interface StripeConnectOptions {
  secretKey?: string;
  /** Where Stripe's API answers; tests point it at a local fake server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  maxNetworkRetries?: number;
  /** How long one request may take before it is given up (and retried); UPSTREAM_TIMEOUT_MS unless set. */
  timeoutMs?: number;
}

/** The most invoices one customer's paid total adds up (one page of Stripe's list). */
const INVOICES_PER_CUSTOMER = 100;

/**
 * Stripe Connect: a Standard account per group, onboarding through an account link, and the
 * account's customers read on its behalf (the Stripe-Account header). A customer's paid money is
 * the sum of their paid invoices; their subscription is their newest one.
 */
export function createStripeConnect(options: StripeConnectOptions): ConnectAdapter {
  let client: Stripe | undefined;
  function ready(): Stripe {
    if (!options.secretKey) throw new Error('Live payments need STRIPE_SECRET_KEY');
    client ??= new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
      ...(options.api ?? {}),
    });
    return client;
  }

  async function paidCents(stripe: Stripe, customerId: string, stripeAccount: string): Promise<number> {
    const invoices = await stripe.invoices.list({ customer: customerId, status: 'paid', limit: INVOICES_PER_CUSTOMER }, { stripeAccount });
    return invoices.data.reduce((sum, invoice) => sum + invoice.amount_paid, 0);
  }

  async function providerCustomer(stripe: Stripe, customer: Stripe.Customer, stripeAccount: string): Promise<ProviderCustomer> {
    const newest = [...(customer.subscriptions?.data ?? [])].sort((a, b) => b.created - a.created)[0];
    return {
      externalId: customer.id,
      name: customer.name ?? null,
      email: customer.email ?? null,
      paid: await paidCents(stripe, customer.id, stripeAccount),
      subscription: newest?.id ?? null,
      subscriptionCreated: newest?.created ?? null,
      subscriptionStatus: newest?.status ?? null,
    };
  }

  return {
    async createAccount(group) {
      const account = await ready().accounts.create({ type: 'standard', metadata: { xfilter_group_id: String(group.id), fb_group_id: group.fbGroupId } });
      return { externalAccountId: account.id, companyName: account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? null };
    },
    async onboardingUrl(account, back) {
      const link = await ready().accountLinks.create({
        account: account.externalAccountId,
        type: 'account_onboarding',
        return_url: back.returnUrl,
        refresh_url: back.refreshUrl,
      });
      return link.url;
    },
    async readOnboarding(externalAccountId) {
      const account = await ready().accounts.retrieve(externalAccountId);
      return {
        completed: account.details_submitted && account.charges_enabled,
        companyName: account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? null,
      };
    },
    async listCustomers(account, cursor, pageSize) {
      const stripe = ready();
      const stripeAccount = account.externalAccountId;
      const page = await stripe.customers.list(
        { limit: pageSize, expand: ['data.subscriptions'], ...(cursor ? { starting_after: cursor } : {}) },
        { stripeAccount },
      );
      const customers = await Promise.all(page.data.map((customer) => providerCustomer(stripe, customer, stripeAccount)));
      const last = page.data.at(-1);
      return { customers, nextCursor: page.has_more && last ? last.id : null };
    },
  };
}
