import { paymentAccountMachine } from '../../../machines/paymentAccount/machine';

/** The account's workflow in the browser: connecting leaves the app for the provider's onboarding page. */
export const browserPaymentAccountMachine = paymentAccountMachine.provide({
  actions: { goToProvider: (_, { url }) => window.location.assign(url) },
});
