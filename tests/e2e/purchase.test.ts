import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { ownWorld, type SandboxGroup } from './support/own-world';

interface Group extends SandboxGroup {
  flags: { checkbox_payment_terms_accept: boolean; count_payment_error: number };
}

interface User {
  card_exists: boolean;
  card_brand: string | null;
  card_last4: string | null;
}

const TERMS = 'I accept the terms and conditions';

/** The console's errors but the browser's own line for the refused card's 402 answer, which these tests expect. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('the server responded with a status of 402'));

/**
 * Changing the card, buying and upgrading in the sandbox, as Ada Admin, whose saved Visa 4242 pays
 * (the purchase page shows no card form to her). The tests run in order on one world: the card
 * changes are what the purchases pay with. Paying changes the groups other files count on (the
 * free group stays free there), so this file runs its own server on its own data folder.
 */

describe('billing, as the sandbox group admin', () => {
  const world = ownWorld('billing', 'Ada Admin');
  let page: Page;
  let consoleErrors: string[];
  const api = world.api;
  const groupNamed = (name: string) => world.groupNamed<Group>(name);

  async function signIn() {
    await world.signIn();
    ({ page, consoleErrors } = world);
  }

  /** The thank-you page, then (the app reloading) the group's dashboard with its new plan badge. */
  async function expectThanksThenDashboard(group: Group) {
    await page.waitForURL('**/thanks/', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor();
    await page.waitForURL(`**/${group.fb_group_id}/dashboard`, { timeout: 30_000 });
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect.poll(() => sidebar.getByText(/^Annual$/i).first().isVisible(), { timeout: 15_000 }).toBe(true);
  }

  /** Types a card into the sandbox card form. */
  async function typeCard(number: string) {
    await page.getByLabel('Card number').fill(number);
    const expiry = page.getByLabel('Expiry (MM/YY)');
    // The expiry's mask moves the caret on focus a moment later; keys typed before it lands go
    // astray on a busy machine, so the expiry is typed again until it reads back whole.
    await vi.waitFor(
      async () => {
        await expiry.fill('');
        await expiry.pressSequentially('1230', { delay: 20 });
        expect(await expiry.inputValue()).toBe('12/30');
      },
      { timeout: 30_000, interval: 100 },
    );
    await page.getByLabel('CVC').fill('123');
  }

  /** Changes Ada's saved card on /change_card; answers the alert shown, or null when the card-update page opened. */
  async function changeCardTo(number: string): Promise<string | null> {
    await page.goto('/change_card');
    const cardPage = page.getByRole('region', { name: 'Change card' });
    await cardPage.getByLabel('Card number').waitFor({ timeout: 15_000 });
    await page.getByLabel(TERMS).check();
    await typeCard(number);
    await page.getByRole('button', { name: 'Continue' }).click();
    const outcome = await Promise.race([
      page.waitForURL('**/thanks/card_update.html', { timeout: 30_000 }).then(() => null),
      cardPage.getByRole('alert').waitFor({ timeout: 30_000 }).then(() => cardPage.getByRole('alert').textContent()),
    ]);
    return outcome;
  }

  async function openPurchase(group: Group) {
    await page.goto(`/${group.fb_group_id}/purchase`);
    await page.getByRole('radio', { name: /Annual/ }).waitFor({ timeout: 15_000 });
  }

  it("refuses the declined card 4000 0000 0000 0002 with the provider's message on the change-card page", async () => {
    await signIn();
    expect(await changeCardTo('4000 0000 0000 0002')).toBe('Your card was declined.');
    expect((await api<{ user: User }>('/session')).user.card_last4).toBe('4242');
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it("shows 'Error: …' when the saved card is refused at the charge, and the group counts the payment error", async () => {
    await signIn();
    expect(await changeCardTo('4000 0000 0000 9995')).toBeNull();
    await page.getByRole('heading', { name: 'Your card was updated' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/user');
    expect((await api<{ user: User }>('/session')).user.card_last4).toBe('9995');

    const group = await groupNamed('Backyard Beekeepers Circle');
    await openPurchase(group);
    const terms = page.getByLabel(TERMS);
    if (!(await terms.isChecked())) await terms.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Upgrade to PRO' }).getByRole('alert').textContent(), { timeout: 30_000 })
      .toBe('Error: Your card has insufficient funds.');
    const after = await groupNamed(group.name);
    expect(after.subscribed_plan).toBe('free');
    expect(after.flags.count_payment_error).toBe(group.flags.count_payment_error + 1);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('asks for the terms first, then buys annual for the free group with 4242… and opens its dashboard, where members can be moved to Removed', async () => {
    await signIn();
    expect(await changeCardTo('4242 4242 4242 4242')).toBeNull();
    expect((await api<{ user: User }>('/session')).user.card_last4).toBe('4242');

    const group = await groupNamed('Backyard Beekeepers Circle');
    await openPurchase(group);
    const plans = page.getByRole('radiogroup', { name: 'Plan' });
    expect(await plans.getByRole('radio', { name: /Annual/ }).getAttribute('aria-checked')).toBe('true');
    expect(await plans.getByRole('radio', { name: /Annual/ }).textContent()).toContain('$24.75');
    expect(await plans.getByRole('radio', { name: /Monthly/ }).count()).toBe(1);
    const summary = page.getByRole('complementary', { name: 'Summary' });
    expect(await summary.getByRole('heading').textContent()).toBe('Annual license');
    await summary.getByText("You're saving 45% with this plan").waitFor();
    // The saved card pays: no card form.
    expect(await page.getByLabel('Card number').count()).toBe(0);

    const terms = page.getByLabel(TERMS);
    if (await terms.isChecked()) await terms.uncheck();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('region', { name: 'Upgrade to PRO' }).getByRole('alert').getByText('You need to accept the terms and conditions').waitFor();
    await terms.check();
    await expect.poll(async () => (await groupNamed(group.name)).flags.checkbox_payment_terms_accept, { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectThanksThenDashboard(group);
    const paid = await groupNamed(group.name);
    expect(paid.subscribed_plan).toBe('annual');
    expect(paid.is_locked).toBe(false);

    await page.goto(`/${group.fb_group_id}/members/inactive`);
    await expect.poll(() => page.getByRole('button', { name: 'Move to Removed' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  });

  it('upgrades the monthly group to annual without a card form or a monthly plan', async () => {
    await signIn();
    const group = await groupNamed('Vintage Film Camera Swap');
    expect(group.subscribed_plan).toBe('monthly');
    await openPurchase(group);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Upgrade to annual');
    expect(await page.getByRole('radio', { name: /Monthly/ }).count()).toBe(0);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    const terms = page.getByLabel(TERMS);
    if (!(await terms.isChecked())) await terms.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectThanksThenDashboard(group);
    expect((await groupNamed(group.name)).subscribed_plan).toBe('annual');
    expect(consoleErrors).toEqual([]);
  });

  it('unlocks the locked group by paying: its pages open again', async () => {
    await signIn();
    const group = await groupNamed('Sourdough Bakers Support');
    expect(group.is_locked).toBe(true);
    await page.goto(`/${group.fb_group_id}/dashboard`);
    await page.getByText('Account is locked').first().waitFor({ timeout: 15_000 });

    await openPurchase(group);
    const terms = page.getByLabel(TERMS);
    if (!(await terms.isChecked())) await terms.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectThanksThenDashboard(group);
    const paid = await groupNamed(group.name);
    expect(paid).toMatchObject({ subscribed_plan: 'annual', is_locked: false });
    expect(await page.getByText('Account is locked').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
