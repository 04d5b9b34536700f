import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownWorld } from './support/own-world';

interface GroupSettings {
  settings: { engagement_sync_lookbehind_by: 'days' | 'posts'; engagement_sync_posts_back: number };
  limits: { engagement_sync_days_back: number; engagement_sync_posts_back: number };
}

/** What the settings page says (spec part 2 §2, §5), written here apart from the app's own texts. */
const SPEC = {
  syncTitle: 'Engagements Sync Settings',
  scheduleTitle: 'Schedule xFilter Tasks',
  upgradePosts: (max: number) => `Upgrade to PRO to unlock scanning back up to ${max} posts!`,
};

/**
 * The settings page as Ada Admin: the sync sliders within the plan's limits, and the robot's
 * schedule run by the sandbox robot on a simulated clock. Scheduled scans change the groups other
 * files count on, so this file runs its own server on its own data folder.
 */
describe('group settings, as the sandbox group admin', () => {
  const world = ownWorld('settings', 'Ada Admin');
  let page: Page;
  let consoleErrors: string[];

  async function signIn(beforeLoad?: (page: Page) => Promise<void>) {
    await world.signIn(beforeLoad);
    ({ page, consoleErrors } = world);
  }

  const block = (title: string) => page.getByRole('region', { name: title });

  /** Chooses to look back by posts and answers the posts-back slider's handle. */
  async function postsBackSlider() {
    const sync = block(SPEC.syncTitle);
    await sync.getByRole('button', { name: 'Posts' }).waitFor({ timeout: 15_000 });
    if ((await sync.getByRole('button', { name: 'Posts' }).getAttribute('aria-pressed')) !== 'true') {
      await sync.getByRole('button', { name: 'Posts' }).click();
    }
    return sync.getByRole('slider', { name: 'Posts back' });
  }

  it('saves posts back 150 on the annual group, still there after a reload', async () => {
    const group = await world.groupNamed('Trail Runners Worldwide');
    const saved = async () => (await world.api<GroupSettings>(`/groups/${group.id}/settings`)).settings;
    await signIn();
    await page.goto(`/${group.fb_group_id}/settings`);
    const slider = await postsBackSlider();
    await expect.poll(async () => (await saved()).engagement_sync_lookbehind_by, { timeout: 15_000 }).toBe('posts');

    // End goes to 200, the annual plan's limit; each PageDown takes 10 off, and each key saves.
    await slider.focus();
    await slider.press('End');
    await expect.poll(async () => (await saved()).engagement_sync_posts_back, { timeout: 15_000 }).toBe(200);
    for (const expected of [190, 180, 170, 160, 150]) {
      await expect.poll(() => slider.isDisabled()).toBe(false);
      await slider.press('PageDown');
      await expect.poll(async () => (await saved()).engagement_sync_posts_back, { timeout: 15_000 }).toBe(expected);
    }

    await page.reload();
    const reloaded = await postsBackSlider();
    await expect.poll(() => reloaded.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('150');
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it("stops the free group's slider at its limit with the upgrade popover, and the server refuses more", async () => {
    const group = await world.groupNamed('Backyard Beekeepers Circle');
    const { limits } = await world.api<GroupSettings>(`/groups/${group.id}/settings`);
    await signIn();
    await page.goto(`/${group.fb_group_id}/settings`);
    const slider = await postsBackSlider();
    await slider.focus();
    await slider.press('End');

    const popover = block(SPEC.syncTitle).getByRole('dialog', { name: 'Upgrade to PRO' });
    await expect.poll(() => popover.textContent(), { timeout: 15_000 }).toContain(SPEC.upgradePosts(limits.engagement_sync_posts_back));
    expect(await popover.getByRole('link', { name: 'Upgrade to PRO' }).getAttribute('href')).toBe(`/${group.fb_group_id}/purchase`);
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe(String(limits.engagement_sync_posts_back));

    await expect(
      world.api(`/groups/${group.id}/settings`, { method: 'POST', body: { settings: { engagement_sync_posts_back: limits.engagement_sync_posts_back + 1 } } }),
    ).rejects.toThrow(/answered 422/);
    expect(consoleErrors).toEqual([]);
  }, 60_000);

  it("locks the free group's schedule and Add Admin, and the server refuses both", async () => {
    const group = await world.groupNamed('Backyard Beekeepers Circle');
    await signIn();
    await page.goto(`/${group.fb_group_id}/settings`);
    const schedule = block(SPEC.scheduleTitle);
    // A locked block's content is inert: out of reach of the keyboard, the mouse and assistive technology.
    const scheduleNotice = schedule.getByRole('region', { name: 'Not available on Free plan' });
    await expect.poll(() => scheduleNotice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await scheduleNotice.getByRole('link', { name: 'Upgrade to PRO' }).getAttribute('href')).toBe(`/${group.fb_group_id}/purchase`);
    expect(await schedule.getByRole('switch').count()).toBe(0);

    await page.goto(`/${group.fb_group_id}/permissions`);
    const notice = page.getByRole('region', { name: 'Not available on Free plan' });
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Admin' }).count()).toBe(0);

    const { config } = await world.api<{ config: Record<string, unknown> }>(`/groups/${group.id}/schedule`);
    await expect(
      world.api(`/groups/${group.id}/schedule`, {
        method: 'PUT',
        body: { config: { fetch_group_members: { ...(config.fetch_group_members as object), enabled: true, humanName: undefined } } },
      }),
    ).rejects.toThrow(/answered 409.*free_plan/);
    const { permissions } = await world.api<{ permissions: Array<{ role: string; member: { id: number } }> }>(`/groups/${group.id}/permissions`);
    const subscriber = permissions.find((row) => row.role === 'subscriber')!;
    await expect(
      world.api(`/groups/${group.id}/permissions`, { method: 'PUT', body: { member_id: subscriber.member.id, role: 'admin' } }),
    ).rejects.toThrow(/answered 409.*free_plan/);
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});
