import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
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

  // The sandbox robot runs in the page: a scan it is running finishes before the page closes, or its
  // group would keep a job that stays running until it is given up for lost.
  afterEach(async () => {
    await expect.poll(async () => (await world.api<{ active_jobs: unknown[] }>('/robot/jobs')).active_jobs.length, { timeout: 120_000, interval: 1_000 }).toBe(0);
  });

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

  it('schedules member sync on weekdays at 07:35 and engagements after it, and the sandbox robot runs them when the clock gets there', async () => {
    // The monthly group: its 4,000 members scan in a fifth of the annual group's time.
    const group = await world.groupNamed('Vintage Film Camera Swap');
    const scans = async (kind: 'members_scan' | 'engagements_scan') =>
      (await world.api<{ count: number }>(`/groups/${group.id}/audit_logs?kind=${kind}`)).count;
    await signIn();
    await page.goto(`/${group.fb_group_id}/settings`);
    const schedule = block(SPEC.scheduleTitle);
    const members = schedule.getByRole('group', { name: 'Sync Members' });
    const engagements = schedule.getByRole('group', { name: 'Sync Engagements' });
    // Each change saves at once; the controls wait while it does.
    const settled = () => expect.poll(() => members.getByRole('switch', { name: 'Enabled' }).isDisabled(), { timeout: 15_000 }).toBe(false);
    const switchOn = async (job: typeof members) => {
      await settled();
      if (!(await job.getByRole('switch', { name: 'Enabled' }).isChecked())) await job.getByRole('switch', { name: 'Enabled' }).check();
    };

    await switchOn(members);
    await settled();
    await members.getByRole('button', { name: 'On chosen weekdays' }).click();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await settled();
      await members.getByRole('checkbox', { name: day }).check();
      await settled();
      await members.getByLabel(`Sync Members on ${day} at`).selectOption('07:35:00');
    }
    await switchOn(engagements);
    await settled();
    await engagements.getByRole('button', { name: 'After another job' }).click();
    await settled();

    const { config } = await world.api<{ config: Record<string, Record<string, unknown>> }>(`/groups/${group.id}/schedule`);
    expect(config.fetch_group_members).toMatchObject({ enabled: true, scheduled: 'perWeekdays', perWeekdays0: null, perWeekdays1: '07:35:00', perWeekdays5: '07:35:00', perWeekdays6: null });
    expect(config.fetch_group_posts).toMatchObject({ enabled: true, scheduled: 'afterJob', afterJob: 'fetch_group_members' });
    const { scheduled_jobs } = await world.api<{ scheduled_jobs: Array<{ group_id: number; name: string; next_run_at: string | null }> }>('/robot/jobs');
    const slot = new Date(scheduled_jobs.find((job) => job.group_id === group.id && job.name === 'fetch_group_members')!.next_run_at!);
    expect(slot.getUTCHours() * 60 + slot.getUTCMinutes()).toBe(7 * 60 + 35);
    expect([1, 2, 3, 4, 5]).toContain(slot.getUTCDay());
    await world.context.close();

    // The browser's clock starts a minute before the slot; the server's stays where it is.
    const membersScansBefore = await scans('members_scan');
    const engagementsScansBefore = await scans('engagements_scan');
    await signIn((fresh) => fresh.clock.install({ time: new Date(slot.getTime() - 60_000) }));
    await page.goto(`/${group.fb_group_id}/dashboard`);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const weekday = slot.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
    await expect.poll(() => sidebar.textContent(), { timeout: 15_000 }).toContain(`Next run: ${weekday} 07:35 UTC`);
    expect(await sidebar.textContent()).toContain(`Sync Members, ${group.name}`);
    expect(await scans('members_scan')).toBe(membersScansBefore);

    await page.clock.fastForward(90_000);
    await expect.poll(() => page.getByText('Syncing Members...').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => scans('members_scan'), { timeout: 15_000 }).toBe(membersScansBefore + 1);
    // Once the members scan completes, Sync Engagements follows it.
    await expect.poll(() => scans('engagements_scan'), { timeout: 180_000, interval: 2_000 }).toBe(engagementsScansBefore + 1);
    expect(await scans('members_scan')).toBe(membersScansBefore + 1);
    expect(consoleErrors).toEqual([]);
  }, 300_000);

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
    const insideInert = (locator: ReturnType<Page['locator']>) => locator.evaluateAll((elements) => elements.map((element) => element.closest('[inert]') !== null));
    expect(await insideInert(schedule.getByRole('switch'))).toEqual([true, true]);

    await page.goto(`/${group.fb_group_id}/permissions`);
    const notice = page.getByRole('region', { name: 'Not available on Free plan' });
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await insideInert(page.getByRole('button', { name: 'Add Admin' }))).toEqual([true]);

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
