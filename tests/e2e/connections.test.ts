import { rmSync } from 'node:fs';
import { createSandboxConnect } from '../../server/adapters/connect/sandbox';
import { connectDatabase } from '../../server/db/connect';
import { completeSandboxOnboarding, readPaymentAccount } from '../../server/domain/payment-account';
import { claimTask, runTaskStep, serverTaskKinds } from '../../server/tasks';
import { SPEC_TASK_LEASE_MS } from '../support/spec-numbers';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ownWorld, type SandboxGroup } from './support/own-world';
import { startProductServer } from './support/product-server';
import { apiWithToken, sandboxToken } from './support/sandbox';
import { copyOfWorld } from './support/world-template';

type Group = SandboxGroup;

interface Account {
  properties: { company_name: string | null; onboarding: string | null };
  tasks: Array<{ task_id: number; properties: { status: string; progress: number } }>;
}

type Counts = Record<'all_data' | 'matched' | 'requires_attention' | 'approved' | 'rejected', number>;

/** What the connections page says (spec part 2 §2, §4, §5), written here apart from the app's own texts. */
const SPEC = {
  matchProcesses: 'Active Match Processes',
  approvalTitle: 'Match Approval Required',
  lessThanCertain: 'Less than 100% probability',
  crossedNote: "The crossed out customers won't be linked, due to duplicate FB member or stripe customer",
};

/**
 * Connecting the sandbox Stripe account and reviewing its matches, as Ada Admin. Connecting and
 * accepting change the groups other files count on, so this file runs its own servers on their
 * own data folders.
 */
describe('connections, as the sandbox group admin', () => {
  const world = ownWorld('connections', 'Ada Admin');
  let page: Page;
  let consoleErrors: string[];
  const api = world.api;

  async function adasGroups(): Promise<Group[]> {
    return (await api<{ groups: Group[] }>('/groups')).groups;
  }

  async function signIn() {
    await world.signIn();
    ({ page, consoleErrors } = world);
  }

  async function counts(group: Group): Promise<Counts> {
    return (await api<{ filtered_count: Counts }>(`/groups/${group.id}/account_customers`)).filtered_count;
  }

  const tab = (name: RegExp) => page.getByRole('tab', { name });

  it("sends the user home from a free group's connections", async () => {
    const free = (await adasGroups()).find((group) => group.subscribed_plan === 'free')!;
    await signIn();
    await page.goto(`/${free.fb_group_id}/connections/stripe`);
    await page.waitForURL(`**/${free.fb_group_id}/dashboard`);
    expect(consoleErrors).toEqual([]);
  });

  it('connects the sandbox Stripe account of the annual group and watches the match process to its end', async () => {
    const annual = (await adasGroups()).find((group) => group.subscribed_plan === 'annual' && !group.is_locked)!;
    await signIn();
    await page.goto(`/${annual.fb_group_id}/connections/stripe`);
    await page.getByRole('button', { name: /Connect/ }).click();
    await page.waitForURL('**/sandbox/payments/connect?**');
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL(`**/${annual.fb_group_id}/connections/stripe`);
    // The page polls while the process runs; the process ends, and its card goes.
    await expect.poll(async () => (await api<Account>(`/groups/${annual.id}/account`)).tasks[0]?.properties.status, { timeout: 90_000 }).toBe('completed');
    await expect.poll(() => page.getByText(SPEC.matchProcesses).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => (await tab(/All Data/).textContent()) ?? '', { timeout: 15_000 }).toMatch(/\d+/);
    expect((await counts(annual)).all_data).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  }, 180_000);

  it('accepts a match, undoes it within 3 s, then accepts it for good and finds the paid column filled', async () => {
    const annual = (await adasGroups()).find((group) => group.subscribed_plan === 'annual' && !group.is_locked)!;
    const before = await counts(annual);
    expect(before.matched).toBeGreaterThan(0);
    await signIn();
    await page.goto(`/${annual.fb_group_id}/connections/stripe`);
    await tab(/^Matched/).click();
    const table = page.getByRole('region', { name: 'Match Suggestions' });
    const accept = table.getByRole('button', { name: /^Accept .+ and / }).first();
    const pair = (await accept.getAttribute('aria-label'))!.replace(/^Accept /, '');
    await accept.click();
    // The 3 s countdown shows with its Undo (the model tests time it on a simulated clock).
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.click();
    await undo.waitFor({ state: 'detached' });
    await table.getByRole('button', { name: `Accept ${pair}`, exact: true }).first().waitFor();
    expect(await counts(annual)).toMatchObject({ matched: before.matched, approved: before.approved });

    await table.getByRole('button', { name: `Accept ${pair}`, exact: true }).first().click();
    await expect.poll(async () => (await counts(annual)).approved, { timeout: 15_000 }).toBe(before.approved + 1);
    const { customers } = await api<{ customers: Array<{ paid: number; member: { name: string } | null }> }>(
      `/groups/${annual.id}/account_customers?list=all_data&per_page=100`,
    );
    const linked = customers.find((customer) => customer.member !== null)!;
    const dollars = `$${(linked.paid / 100).toFixed(2)}`;
    await page.goto(`/${annual.fb_group_id}/members/all_members?search=${encodeURIComponent(linked.member!.name)}`);
    const row = page.getByRole('row', { name: new RegExp(linked.member!.name) }).first();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(dollars);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('rejects a suggestion, which leaves the list at once, and restores it', async () => {
    const annual = (await adasGroups()).find((group) => group.subscribed_plan === 'annual' && !group.is_locked)!;
    const before = await counts(annual);
    await signIn();
    await page.goto(`/${annual.fb_group_id}/connections/stripe`);
    await tab(/Requires Attention/).click();
    const suggestions = page.getByRole('region', { name: 'Match Suggestions' });
    const reject = suggestions.getByRole('button', { name: /^Reject .+ and / }).first();
    const pair = (await reject.getAttribute('aria-label'))!.replace(/^Reject /, '');
    // The network shares names: one member and customer name may stand on more than one row.
    const rowsOfPair = await suggestions.getByRole('button', { name: `Reject ${pair}`, exact: true }).count();
    await reject.click();
    await expect.poll(() => suggestions.getByRole('button', { name: `Reject ${pair}`, exact: true }).count()).toBe(rowsOfPair - 1);
    await expect.poll(async () => (await counts(annual)).rejected, { timeout: 15_000 }).toBe(before.rejected + 1);

    await tab(/Rejected/).click();
    const restore = suggestions.getByRole('button', { name: `Restore ${pair}`, exact: true });
    await restore.first().waitFor();
    const rejectedOfPair = await restore.count();
    await restore.first().click();
    await expect.poll(() => restore.count()).toBe(rejectedOfPair - 1);
    await expect.poll(async () => (await counts(annual)).rejected, { timeout: 15_000 }).toBe(before.rejected);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('crosses out a duplicate in the approval of several uncertain matches', async () => {
    const annual = (await adasGroups()).find((group) => group.subscribed_plan === 'annual' && !group.is_locked)!;
    await signIn();
    await page.goto(`/${annual.fb_group_id}/connections/stripe`);
    await tab(/Requires Attention/).click();
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('toolbar', { name: 'Match actions' }).getByRole('button', { name: /^Accept/ }).click();
    const dialog = page.getByRole('dialog', { name: SPEC.approvalTitle });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(SPEC.lessThanCertain);
    expect(await dialog.textContent()).toContain(SPEC.crossedNote);
    // Each customer has up to three suggestions: a page of them repeats customers, which are crossed out.
    expect(await dialog.locator('s').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(consoleErrors).toEqual([]);
  }, 120_000);
});

describe('a match process cut off by a crash', () => {
  const dataDir = copyOfWorld('task-crash');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('goes on from where it stood when the server starts again', async () => {
    // The sandbox world, and the monthly group's account being connected (its Connect page offered):
    // its 4,000 members match in a fifth of the annual group's time.
    const first = await startProductServer(dataDir);
    let monthly: Group;
    let state: string;
    try {
      const api = apiWithToken(first.url, await sandboxToken(first.url, 'Ada Admin'));
      monthly = (await api<{ groups: Group[] }>('/groups')).groups.find((group) => group.subscribed_plan === 'monthly' && !group.is_locked)!;
      const connect = await api<{ redirect_url: string }>(`/groups/${monthly.id}/account`, { method: 'POST' });
      state = new URL(connect.redirect_url, first.url).searchParams.get('state')!;
    } finally {
      await first.stop();
    }

    // A worker completes onboarding, runs the first step of the match process, takes the next one
    // and dies with it: the task stays running under that worker's lease, its progress stored. It
    // happened a minute longer ago than a lease lasts, so the lease has run out.
    const database = await connectDatabase({ dataDir });
    const startedAt = new Date(Date.now() - SPEC_TASK_LEASE_MS - 60_000);
    let progressAtCrash: number;
    try {
      const { db } = database;
      expect(await completeSandboxOnboarding(db, { groupId: monthly.id, state, now: startedAt })).not.toBeNull();
      const kinds = serverTaskKinds(db, createSandboxConnect(db));
      expect(await runTaskStep(db, kinds, startedAt)).not.toBeNull();
      const claimed = await claimTask(db, startedAt);
      expect(claimed).not.toBeNull();
      progressAtCrash = (await readPaymentAccount(db, monthly.id)).tasks[0]!.progress;
    } finally {
      await database.close();
    }
    expect(progressAtCrash).toBeGreaterThan(0);
    expect(progressAtCrash).toBeLessThan(100);

    // The server started again takes the task over and finishes it, from where it stood.
    const second = await startProductServer(dataDir);
    try {
      const api = apiWithToken(second.url, await sandboxToken(second.url, 'Ada Admin'));
      const progress: number[] = [];
      await expect
        .poll(
          async () => {
            const task = (await api<Account>(`/groups/${monthly.id}/account`)).tasks[0]!.properties;
            progress.push(task.progress);
            return task.status;
          },
          { timeout: 120_000, interval: 500 },
        )
        .toBe('completed');
      expect(Math.min(...progress)).toBeGreaterThanOrEqual(progressAtCrash);
      const { filtered_count: after } = await api<{ filtered_count: Counts }>(`/groups/${monthly.id}/account_customers`);
      expect(after.all_data).toBeGreaterThan(0);
      expect(after.matched + after.requires_attention).toBeGreaterThan(0);
    } finally {
      await second.stop();
    }
  }, 400_000);
});
