import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, SCREENSHOT_DIR } from './support/browser';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

interface Group {
  id: number;
  fb_group_id: string;
  name: string;
}

interface Membership {
  role: 'admin' | 'subscriber';
  member: { id: number; name: string };
}

/** Ada Admin's permissions pages on a phone: granting a member admin and revoking it, and the free group's lock. */
describe('the permissions page, as the sandbox group admin on a phone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ReturnType<typeof apiWithToken>;
  let groups: Group[];

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await launchChromium();
    api = apiWithToken(baseUrl, await sandboxToken(baseUrl, 'Ada Admin'));
    ({ groups } = await api<{ groups: Group[] }>('/groups'));
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());

  const groupNamed = (name: string) => groups.find((group) => group.name === name)!;

  async function openPermissions(group: Group) {
    ({ context, page } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Ada Admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${group.fb_group_id}/permissions`);
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  }

  /** The Add Admin button and the table's Revoke buttons sit inside the phone's width. */
  async function expectButtonsFit() {
    const buttons = page.locator('.permissions button:visible');
    for (let index = 0; index < (await buttons.count()); index += 1) {
      const box = (await buttons.nth(index).boundingBox())!;
      const name = await buttons.nth(index).textContent();
      expect(box.x, name ?? '').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name ?? '').toBeLessThanOrEqual(390);
    }
  }

  it('grants a member admin through the typeahead, then revokes it, with a toast after each', async () => {
    const group = groupNamed('Vintage Film Camera Swap');
    const { permissions } = await api<{ permissions: Membership[] }>(`/groups/${group.id}/permissions?per_page=100`);
    const subscriber = permissions.find((row) => row.role === 'subscriber' && /^[A-Za-z]{3}/.test(row.member.name))!;
    await openPermissions(group);
    await expectButtonsFit();
    expect(await page.locator('tbody tr', { hasText: 'Ada Admin' }).getByRole('button', { name: /^Revoke/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(`Add New Admin to ${group.name}`);
    expect(await dialog.getByRole('button', { name: 'Ok' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Member').pressSequentially(subscriber.member.name.slice(0, 6));
    await page.getByRole('option', { name: subscriber.member.name }).first().waitFor();
    // The matches arrive under what was typed, which stays in the box.
    expect(await dialog.getByLabel('Member').inputValue()).toBe(subscriber.member.name.slice(0, 6));
    await page.getByRole('option', { name: subscriber.member.name }).first().click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Ok' }).isEnabled()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/permissions-add-admin-phone.png` });
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.getByRole('button', { name: `Grant admin permission to ${subscriber.member.name}` }).click();
    await expect.poll(() => page.getByText(`Admin permission granted to ${subscriber.member.name}`).isVisible()).toBe(true);
    const row = page.locator('tbody tr', { hasText: subscriber.member.name });
    await expect.poll(() => row.getByRole('button', { name: `Revoke ${subscriber.member.name}` }).isVisible()).toBe(true);

    await row.getByRole('button', { name: `Revoke ${subscriber.member.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByText(`Admin permission revoked from ${subscriber.member.name}`).isVisible()).toBe(true);
    const after = await api<{ permissions: Membership[] }>(`/groups/${group.id}/permissions?role=admin&per_page=100`);
    expect(after.permissions.map((admin) => admin.member.id)).not.toContain(subscriber.member.id);
  });

  it('filters the list to the admins through the address', async () => {
    const group = groupNamed('Trail Runners Worldwide');
    await openPermissions(group);
    await page.getByRole('button', { name: 'Admins' }).click();
    await page.waitForURL(/role=admin/);
    await expect.poll(async () => (await page.locator('tbody tr').allTextContents()).every((text) => text.includes('admin'))).toBe(true);
  });

  it("locks Add Admin on the free group behind the upgrade notice", async () => {
    await openPermissions(groupNamed('Backyard Beekeepers Circle'));
    const notice = page.getByRole('region', { name: 'Not available on Free plan' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.getByRole('link', { name: 'Upgrade to PRO' }).getAttribute('href')).toMatch(/\/purchase$/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/permissions-free-phone.png`, fullPage: true });
    await expectButtonsFit();
  });
});
