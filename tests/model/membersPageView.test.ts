import { afterEach, describe, expect, it } from 'vitest';
import { membersPageView, sameMembersPageView } from '../../machines/memberList/selectors';
import { MEMBER_LIST_ANSWERS, MEMBERS_QUERY, PREVIEW_OF_TWO, THREE_MEMBERS, TWO_REMOVALS_LEFT } from '../../src/features/members/fixtures';
import { settle } from './support/deferredActor';
import { GROUP_ID, sendTo, startSystem, type System } from './memberListModel';
import { finishRobotCommand, scanArgs, startMembersScan } from './memberListRobot';
import { SPEC_JOB_NOTICES, SPEC_RECOMMENDATION } from './memberListSpec';
import { SPEC_ONBOARDING_SCAN } from '../support/spec-numbers';

/**
 * What the members page shows beside the selection rules the model walks: the tab badges, the loading
 * overlay, the busy buttons, the limits block, the robot's job and why 'Remove Members' is closed
 * (part 1 §2, §4, §8, §9).
 */
let system: System;
afterEach(() => system.stop());

const view = () => membersPageView(system.actor.getSnapshot(), system.robot.getSnapshot());
/** The robot's job the closed actions name as their reason, as the admin reads it; null when none does. */
const jobInActions = () => {
  const toolbar = view().toolbar;
  const reasons = toolbar ? [toolbar.remove?.reason, ...toolbar.moves.map((move) => move.reason)] : [];
  return Object.values(SPEC_JOB_NOTICES).find((notice) => reasons.some((reason) => reason?.startsWith(notice))) ?? null;
};

async function openLoaded(isPaid: boolean, query = MEMBERS_QUERY) {
  system = startSystem(isPaid, query);
  system.actor.start();
  system.actors.fetchMembers.resolve({ kind: 'loaded', list: THREE_MEMBERS });
  await settle();
}

describe('the members page before its first page comes', () => {
  it('shows no rows, no size, no badges and no limits, under the loading overlay', () => {
    system = startSystem(false);
    system.actor.start();
    expect(view()).toMatchObject({ rows: [], total: null, badges: {}, limits: null, loading: true, dialog: null });
  });

  it('already knows which limits block the list shows, so the page keeps its place', () => {
    system = startSystem(true);
    system.actor.start();
    expect(view()).toMatchObject({ limitsPlan: 'paid', limits: null });
  });
});

describe('the tab badges', () => {
  it('give each list its size', async () => {
    await openLoaded(false);
    expect(view().badges).toEqual({ active: '120', inactive: '40', whitelisted: '2', removed: '5', all_members: '167' });
    expect(view().total).toBe(120);
  });

  it("say 'Found X of Y' of each list a search finds members in, and 'Not found' of the others", async () => {
    await openLoaded(false, { ...MEMBERS_QUERY, search: 'ann' });
    expect(view().badges).toEqual({
      active: 'Found 3 of 120',
      inactive: 'Not found',
      whitelisted: 'Found 1 of 2',
      removed: 'Not found',
      all_members: 'Found 4 of 167',
    });
  });
});

describe('the rows', () => {
  it('are the page’s members, with the ids of the selected ones beside them', async () => {
    await openLoaded(false);
    sendTo(system, { type: 'members.select.toggled', id: 2 });
    expect(view().rows.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 1, name: 'Ada Baker' },
      { id: 2, name: 'Ben Crumb' },
      { id: 3, name: 'Cleo Dough' },
    ]);
    expect(view().selected).toEqual(new Set([2]));
    expect(view().loading).toBe(false);
  });

  it('carry their dates formatted, with the UTC time for the tooltip, and none for a date never seen', async () => {
    system = startSystem(false);
    system.actor.start();
    const [first, second] = THREE_MEMBERS.members;
    system.actors.fetchMembers.resolve({ kind: 'loaded', list: { ...THREE_MEMBERS, members: [first!, { ...second!, last_activity_at: null }] } });
    await settle();
    const [row, neverActive] = view().rows;
    expect(row!.lastActivity).toEqual({ iso: first!.last_activity_at, text: expect.stringMatching(/^Nov 1[12]th 2026 /), utc: '2026-11-12 08:30:00 UTC' });
    expect(row!.firstSync).toMatchObject({ iso: first!.created_at, utc: '2026-09-01 10:00:00 UTC' });
    expect(neverActive!.lastActivity).toBeNull();
  });

  it('stay the same objects while only the selection, the drag or the loading changes', async () => {
    await openLoaded(false);
    const before = view();
    sendTo(system, { type: 'members.select.all' });
    const selected = view();
    expect(selected.rows).toBe(before.rows);
    expect(selected.selected).toEqual(new Set([1, 2, 3]));
    sendTo(system, { type: 'members.reload' });
    expect(view().loading).toBe(true);
    expect(view().rows).toBe(before.rows);
  });

  it('are the same row objects for the same members, and new ones for a new page', async () => {
    await openLoaded(false);
    const before = view().rows;
    sendTo(system, { type: 'members.reload' });
    system.actors.fetchMembers.resolve({ kind: 'loaded', list: { ...THREE_MEMBERS, members: [...THREE_MEMBERS.members] } });
    await settle();
    expect(view().rows).not.toBe(before);
    expect(view().rows.every((row, index) => row === before[index])).toBe(true);
    sendTo(system, { type: 'members.reload' });
    system.actors.fetchMembers.resolve({ kind: 'loaded', list: { ...THREE_MEMBERS, members: THREE_MEMBERS.members.map((member) => ({ ...member })) } });
    await settle();
    expect(view().rows.some((row, index) => row === before[index])).toBe(false);
  });

  it('show the drag while the admin drags over them, and not after', async () => {
    await openLoaded(false);
    expect(view().dragging).toBe(false);
    sendTo(system, { type: 'members.drag.started', id: 1 });
    expect(view().dragging).toBe(true);
    sendTo(system, { type: 'members.drag.ended' });
    expect(view().dragging).toBe(false);
  });
});

describe('two views of the page', () => {
  it('are the same while nothing the page shows changed, and differ once something did', async () => {
    await openLoaded(false);
    const before = view();
    expect(sameMembersPageView(before, view())).toBe(true);
    sendTo(system, { type: 'members.select.none' });
    expect(sameMembersPageView(before, view())).toBe(true);
    sendTo(system, { type: 'members.select.toggled', id: 3 });
    expect(sameMembersPageView(before, view())).toBe(false);
    const selected = view();
    sendTo(system, { type: 'members.drag.started', id: 1 });
    expect(sameMembersPageView(selected, view())).toBe(false);
  });
});

describe('the removal limits block', () => {
  it('shows a free group its free removals left of the limit, with the recommendation', async () => {
    await openLoaded(false);
    expect(view().limits).toEqual({ plan: 'free', left: TWO_REMOVALS_LEFT.free.left, limit: TWO_REMOVALS_LEFT.free.limit });
    expect(view().recommendation).toBe(SPEC_RECOMMENDATION);
  });

  it('shows a paid group what is left now, today and this week', async () => {
    await openLoaded(true);
    expect(view().limits).toEqual({
      plan: 'paid',
      currentLeft: TWO_REMOVALS_LEFT.current.left,
      dailyLeft: TWO_REMOVALS_LEFT.daily.left,
      weeklyLeft: TWO_REMOVALS_LEFT.weekly.left,
    });
  });

  it('is not shown on a list members cannot be removed from', async () => {
    await openLoaded(true, { ...MEMBERS_QUERY, list: 'whitelisted' });
    expect(view().limits).toBeNull();
  });
});

describe('the action buttons while their work runs', () => {
  it('mark the moves busy while a move is on its way, and the list loads again after it', async () => {
    await openLoaded(true);
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    expect(view().toolbar!.moves.every(({ busy }) => !busy)).toBe(true);
    const [offered] = view().toolbar!.moves;
    sendTo(system, { type: 'members.move', move: offered!.move });
    if (offered!.move === 'remove') sendTo(system, { type: 'members.move.confirmed' });
    expect(view().toolbar!.moves.map(({ busy }) => busy)).toEqual(view().toolbar!.moves.map(() => true));
    system.actors.moveMembers.resolve(MEMBER_LIST_ANSWERS.moveMembers.moved);
    await settle();
    expect(view().loading).toBe(true);
  });

  it("mark 'Remove Members' busy while the removal is previewed and while the robot removes, under the loading overlay", async () => {
    await openLoaded(true);
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    expect(view().toolbar!.remove).toMatchObject({ enabled: true, busy: false, reason: null });
    sendTo(system, { type: 'members.remove' });
    expect(view().toolbar!.remove!.busy).toBe(true);
    expect(view().loading).toBe(false);
    system.actors.previewRemoval.resolve({ kind: 'previewed', preview: PREVIEW_OF_TWO });
    await settle();
    expect(view().toolbar!.remove!.busy).toBe(false);
    sendTo(system, { type: 'members.removal.confirmed' });
    await settle();
    expect(view().toolbar!.remove!.busy).toBe(true);
    expect(view().loading).toBe(true);
    expect(jobInActions()).toBe(SPEC_JOB_NOTICES.remove_group_members);
    await finishRobotCommand(system);
    expect(jobInActions()).toBeNull();
  });
});

describe("the robot's job for the page's group", () => {
  it("closes the actions with 'Syncing Members...' while the robot scans this group's members", async () => {
    await openLoaded(false);
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    startMembersScan(system, GROUP_ID);
    await settle();
    expect(jobInActions()).toBe(SPEC_JOB_NOTICES.fetch_group_members);
  });

  it("closes the actions with 'Syncing Engagements...' while the robot scans this group's posts", async () => {
    await openLoaded(false);
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    system.robot.send({
      type: 'robot.command.start',
      request: { command: 'fetch_group_posts', args: { ...scanArgs(GROUP_ID), settings: { ...SPEC_ONBOARDING_SCAN, engagement_sync_days_back: 10 } } },
    });
    await settle();
    expect(jobInActions()).toBe(SPEC_JOB_NOTICES.fetch_group_posts);
  });
});

describe("why 'Remove Members' is closed", () => {
  const reasonWhen = async (presence: 'notInstalled' | 'outdated' | 'disconnected') => {
    await openLoaded(true);
    system.fakeRobot.set({ presence });
    await settle();
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    return view().toolbar!.remove;
  };

  it.each([
    ['notInstalled', 'Extension is not installed'],
    ['outdated', 'The extension is outdated: update it to remove members'],
    ['disconnected', 'The extension is not connected'],
  ] as const)('tells the admin when the extension is %s', async (presence, reason) => {
    expect(await reasonWhen(presence)).toMatchObject({ enabled: false, busy: false, reason });
  });

  it('tells the admin when the extension is busy with another group’s job, which the page does not announce', async () => {
    await openLoaded(true);
    startMembersScan(system, GROUP_ID + 1);
    await settle();
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    expect(view().toolbar!.remove).toMatchObject({ enabled: false, busy: false, reason: 'The extension is busy with another job' });
    expect(jobInActions()).toBeNull();
  });

  it("names the group's running job as the reason while the robot works for this group", async () => {
    await openLoaded(true);
    startMembersScan(system, GROUP_ID);
    await settle();
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    expect(view().toolbar!.remove!.reason).toBe(`${SPEC_JOB_NOTICES.fetch_group_members} Wait until it is done.`);
  });
});

describe('the counts the page names', () => {
  it("say 'member' of one and 'members' of more, in both removal modals", async () => {
    await openLoaded(false);
    sendTo(system, { type: 'members.select.all' });
    sendTo(system, { type: 'members.remove' });
    expect(view().dialog).toMatchObject({ kind: 'upgradeRequired', selectedText: 'You selected 3 members' });
    system.stop();
    await openLoaded(true);
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    sendTo(system, { type: 'members.move', move: 'remove' });
    expect(view().dialog).toMatchObject({ kind: 'confirmMove', confirmLabel: 'Move 1 member to Removed' });
  });
});

describe('what each action button says', () => {
  it('tells a move from a removal by the robot, and why a closed one is closed', async () => {
    await openLoaded(true);
    const [move] = view().toolbar!.moves;
    expect(move).toMatchObject({ label: 'Move to Removed', enabled: false, reason: 'Select members first.' });
    expect(move!.help).toMatch(/nobody is removed from the group/);
    expect(view().toolbar!.remove!.help).toMatch(/removes the selected members from the group itself\. This cannot be undone/);
    sendTo(system, { type: 'members.select.toggled', id: 1 });
    startMembersScan(system, GROUP_ID);
    expect(view().toolbar!.moves[0]!.reason).toBe(`${SPEC_JOB_NOTICES.fetch_group_members} Wait until it is done.`);
  });
});
