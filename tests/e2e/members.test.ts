import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, SCREENSHOT_DIR } from './support/browser';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

interface Group {
  id: number;
  name: string;
  fb_group_id: string;
}

interface MembersAnswer {
  members: Array<{ id: number; name: string }>;
  removal_limits: { current: { left: number }; free: { left: number; limit: number } };
}

/** Ada Admin's member lists: whitelisting, removing through the sandbox robot, restoring, and the free plan's limit. */
describe('the members page, as the sandbox group admin', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let api: ReturnType<typeof apiWithToken>;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await launchChromium();
    api = apiWithToken(baseUrl, await sandboxToken(baseUrl, 'Ada Admin'));
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());


  async function groupNamed(name: string): Promise<Group> {
    const { groups } = await api<{ groups: Group[] }>('/groups');
    const group = groups.find((candidate) => candidate.name === name);
    if (!group) throw new Error(`${name} is not among Ada's groups`);
    return group;
  }

  const listOf = (group: Group, list: string) => api<MembersAnswer>(`/groups/${group.id}/members?list=${list}&per_page=100`);
  const namesIn = async (group: Group, list: string) => (await listOf(group, list)).members.map((member) => member.name);

  async function openList(group: Group, list: string) {
    await page.goto(`/${group.fb_group_id}/members/${list}`);
    await page.getByRole('table').first().waitFor();
    await expect.poll(() => page.locator('tbody input[type=checkbox]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  }

  /** The names of the first `count` rows, ticking each row's checkbox. */
  async function selectFirstRows(count: number): Promise<string[]> {
    const boxes = page.locator('tbody input[type=checkbox]');
    const names: string[] = [];
    for (let row = 0; row < count; row += 1) {
      const box = boxes.nth(row);
      names.push((await box.getAttribute('aria-label'))!.replace(/^Select /, ''));
      await box.check();
    }
    await expect.poll(() => page.getByText(`${count} selected`).isVisible()).toBe(true);
    return names;
  }

  async function signIn() {
    ({ context, page, consoleErrors } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
  }

  it('whitelists three inactive members, who then show under Whitelisted', async () => {
    await signIn();
    const group = await groupNamed('Vintage Film Camera Swap');
    await openList(group, 'inactive');
    const chosen = await selectFirstRows(3);
    await page.getByRole('button', { name: 'Add to Whitelist' }).click();
    await expect.poll(() => page.getByText('0 selected').isVisible(), { timeout: 15_000 }).toBe(true);

    await expect.poll(() => page.getByRole('status').getByText('3 members added to the whitelist.').isVisible()).toBe(true);
    // Focus goes back to the table, not to the page's start.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('members-page__table-wrap'))).toBe(true);
    const whitelisted = await namesIn(group, 'whitelisted');
    for (const name of chosen) expect(whitelisted).toContain(name);
    await page.getByRole('tab', { name: /^Whitelisted/ }).click();
    await page.waitForURL(`**/${group.fb_group_id}/members/whitelisted`);
    for (const name of chosen) {
      await expect.poll(() => page.getByRole('checkbox', { name: `Select ${name}` }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/members-whitelisted.png`, fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  it('removes two members of a paid group through the sandbox robot, finds them under Removed and restores one', async () => {
    await signIn();
    const group = await groupNamed('Vintage Film Camera Swap');
    await openList(group, 'inactive');
    const chosen = await selectFirstRows(2);
    await page.getByRole('button', { name: 'Remove Members' }).click();

    const preview = page.getByRole('dialog', { name: 'Remove members' });
    await page.locator('.p-dialog-enter-done').waitFor();
    expect(await preview.getByRole('list', { name: 'Members to remove' }).getByRole('listitem').allTextContents()).toEqual(chosen);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/members-removal-preview.png` });
    await preview.getByRole('button', { name: 'Remove 2 members' }).click();

    await expect
      .poll(async () => (await namesIn(group, 'removed')).filter((name) => chosen.includes(name)).length, { timeout: 60_000 })
      .toBe(2);
    await page.getByRole('tab', { name: /^Removed/ }).click();
    await page.waitForURL(`**/${group.fb_group_id}/members/removed`);
    for (const name of chosen) {
      await expect.poll(() => page.getByRole('checkbox', { name: `Select ${name}` }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/members-removed.png`, fullPage: true });

    await page.getByRole('checkbox', { name: `Select ${chosen[0]}` }).check();
    await page.getByRole('button', { name: 'Move to Inactive' }).click();
    await expect.poll(() => page.getByRole('status').getByText('1 member moved to Inactive.').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await namesIn(group, 'removed')).includes(chosen[0]!), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => page.getByRole('checkbox', { name: `Select ${chosen[0]}` }).count(), { timeout: 15_000 }).toBe(0);
    expect(await namesIn(group, 'removed')).toContain(chosen[1]);
    expect(consoleErrors).toEqual([]);
  });

  it("asks before 'Move to Removed', and undoes the move within 10 seconds", async () => {
    await signIn();
    const group = await groupNamed('Vintage Film Camera Swap');
    await openList(group, 'inactive');
    const chosen = await selectFirstRows(2);
    await page.getByRole('button', { name: 'Move to Removed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move to Removed' });
    await page.locator('.p-dialog-enter-done').waitFor();
    await confirm.getByRole('button', { name: 'Move 2 members to Removed' }).click();
    await expect.poll(async () => (await namesIn(group, 'removed')).filter((name) => chosen.includes(name)).length, { timeout: 15_000 }).toBe(2);
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await namesIn(group, 'inactive')).filter((name) => chosen.includes(name)).length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.getByRole('status').getByText('2 members are back where they were.').isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('opens the free-limit modal when a free group selects more than its free removals left', async () => {
    await signIn();
    const group = await groupNamed('Backyard Beekeepers Circle');
    const { removal_limits } = await listOf(group, 'active');
    await openList(group, 'active');
    expect(await page.getByRole('button', { name: 'Move to Removed' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Select all' }).click();
    const selected = await page.locator('tbody input[type=checkbox]:checked').count();
    expect(selected).toBeGreaterThan(removal_limits.current.left);

    await page.getByRole('button', { name: 'Remove Members' }).click();
    const modal = page.getByRole('dialog', { name: 'Free Trial Account Removals Limit' });
    await page.locator('.p-dialog-enter-done').waitFor();
    const { left, limit } = removal_limits.free;
    const expected =
      left >= limit
        ? `Your free trial account is limited to remove ${limit} members.`
        : left > 0
          ? `Your free trial account has ${left} ${left === 1 ? 'member' : 'members'} remaining to remove.`
          : 'Your free trial account has no member removals left.';
    expect(await modal.getByText(expected).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/members-free-limit.png` });
    await modal.getByRole('button', { name: 'Upgrade to PRO' }).click();
    await page.waitForURL(`**/${group.fb_group_id}/purchase`);
    expect(consoleErrors).toEqual([]);
  });
});
