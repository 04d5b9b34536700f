import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ScheduledJob } from '../../machines/robot/actors';
import { robotMachine } from '../../machines/robot/machine';
import { lastCommandFailure } from '../../machines/robot/selectors';
import { NO_WEEKDAYS } from '../../rules/schedule';
import { createApiClient } from '../../src/api/client';
import { ROBOT_GROUP, ROBOT_IDENTITY } from '../../src/app/shell/fixtures';
import type { EngagementSyncSettings } from '../../src/robot/protocol';
import { settle } from './support/deferredActor';
import { createFakeRobot } from './robot/fakeRobot';
import { renderRobotScreen } from './robot/robotScreen';

// Spec part 2 §3 and §4: a job runs every day, on chosen weekdays, or after another job (Sync
// Engagements after Sync Members); times are UTC. Part 2 §7: fetch_group_members takes the group's
// id, name, fb_group_id and fb_slug; fetch_group_posts the same plus the group's settings.

const MONDAY_0730 = Date.parse('2024-06-03T07:30:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;

const membersOnMondays: ScheduledJob = {
  group_id: ROBOT_GROUP.id,
  name: 'fetch_group_members',
  next_run_at: '2024-06-03T07:35:00.000Z',
  config: { enabled: true, scheduled: 'perWeekdays', everyDay: '12:00:00', afterJob: null, ...NO_WEEKDAYS, perWeekdays1: '07:35:00', humanName: 'Sync Members' },
};
const engagementsAfterMembers = (nextRunAt: string | null): ScheduledJob => ({
  group_id: ROBOT_GROUP.id,
  name: 'fetch_group_posts',
  next_run_at: nextRunAt,
  config: { enabled: true, scheduled: 'afterJob', everyDay: '12:00:00', afterJob: 'fetch_group_members', ...NO_WEEKDAYS, humanName: 'Sync Engagements' },
});
const SETTINGS: EngagementSyncSettings = {
  engagement_sync_lookbehind_by: 'days',
  engagement_sync_days_back: 30,
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server answering GET /robot/jobs with the jobs the test sets, and GET /groups/{id}/settings. */
function fakeServer() {
  const server = { scheduled: [] as ScheduledJob[], jobCalls: 0, settingsStatus: 200, answered: Promise.resolve() };
  const api = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/v1/robot/jobs') {
        server.jobCalls += 1;
        await server.answered;
        return json({ robot_version: '2.4.0', latest_robot_version: '2.4.0', active_jobs: [], scheduled_jobs: server.scheduled });
      }
      if (path === `/api/v1/groups/${ROBOT_GROUP.id}/settings`) {
        return server.settingsStatus === 200
          ? json({ settings: SETTINGS, limits: { engagement_sync_days_back: 200, engagement_sync_posts_back: 200 } })
          : json({ error: { code: 'internal', message: 'Something went wrong' } }, server.settingsStatus);
      }
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    },
  });
  return Object.assign(server, { api });
}

async function startRobot(scheduled: ScheduledJob[], { at = MONDAY_0730, signedIn = true } = {}) {
  const clock = new SimulatedClock();
  clock.set(at);
  const server = fakeServer();
  server.scheduled = scheduled;
  const fake = createFakeRobot();
  fake.set({ presence: 'ready', robot_version: '2.4.0' });
  const actor = createActor(robotMachine, { clock, input: { robot: fake.robot, api: server.api, now: () => clock.now() } });
  renderRobotScreen(actor, ROBOT_GROUP.id);
  await act(async () => {
    actor.start();
    if (signedIn) actor.send({ type: 'session.changed', identity: ROBOT_IDENTITY });
    await settle();
  });
  /**
   * Moves the robot's clock on a second at a time, letting each answer arrive; a timer set for no
   * time at all then fires at once, as in a browser (the simulated clock fires it on its next move).
   */
  const advance = async (millis: number) => {
    const end = clock.now() + millis;
    while (clock.now() < end) {
      await act(async () => {
        clock.set(Math.min(clock.now() + SECOND, end));
        await settle();
        clock.increment(0);
        await settle();
      });
    }
  };
  const advanceTo = (iso: string) => advance(Date.parse(iso) - clock.now());
  return { actor, clock, server, fake, advance, advanceTo };
}

afterEach(cleanup);

describe('the robot runs the scheduled jobs when they are due', () => {
  it('runs a Monday 07:35 Sync Members when its clock reaches 07:35, and not before', async () => {
    const robot = await startRobot([membersOnMondays]);
    expect(screen.getByText('Next run: Mon 07:35 UTC')).toBeInTheDocument();
    expect(screen.getByText('Sync Members, Trail Runners Club')).toBeInTheDocument();

    await robot.advanceTo('2024-06-03T07:34:59Z');
    expect(robot.fake.runs).toEqual([]);

    await robot.advance(SECOND);
    expect(robot.fake.runs).toHaveLength(1);
    expect(robot.fake.lastRun()).toMatchObject({ command: 'fetch_group_members', args: ROBOT_GROUP });
    // It shows as running the way a scan started on the page does.
    expect(screen.getByRole('status', { name: 'Syncing Members...' })).toBeInTheDocument();
    robot.actor.stop();
  });

  it('runs a slot once, and next at the following Monday', async () => {
    const robot = await startRobot([membersOnMondays], { at: Date.parse('2024-06-03T07:34:00Z') });
    await robot.advanceTo('2024-06-03T07:35:00Z');
    await act(async () => {
      robot.fake.lastRun().resolve({ job_id: 12, members: 2000 });
      await settle();
    });
    await robot.advance(10 * MINUTE);
    expect(robot.fake.runs).toHaveLength(1);
    expect(screen.getByText('Next run: Mon 07:35 UTC')).toBeInTheDocument();
    robot.actor.stop();
  });

  it('runs Sync Engagements after Sync Members completes, with the group settings, once for each completion', async () => {
    const robot = await startRobot([membersOnMondays, engagementsAfterMembers(null)], { at: Date.parse('2024-06-03T07:34:00Z') });
    await robot.advanceTo('2024-06-03T07:35:00Z');
    expect(robot.fake.runs.map((run) => run.command)).toEqual(['fetch_group_members']);

    await robot.advance(4 * MINUTE);
    expect(robot.fake.runs).toHaveLength(1);
    // The server now says Sync Members completed at 07:39, so Sync Engagements is due.
    robot.server.scheduled = [membersOnMondays, engagementsAfterMembers('2024-06-03T07:39:00.000Z')];
    await act(async () => {
      robot.fake.lastRun().resolve({ job_id: 12, members: 2000 });
      await settle();
    });
    await robot.advance(SECOND);
    expect(robot.fake.runs.map((run) => run.command)).toEqual(['fetch_group_members', 'fetch_group_posts']);
    expect(robot.fake.lastRun().args).toEqual({ ...ROBOT_GROUP, settings: SETTINGS });
    expect(screen.getByRole('status', { name: 'Syncing Engagements...' })).toBeInTheDocument();

    await act(async () => {
      robot.fake.lastRun().resolve({ job_id: 13, posts: 10 });
      await settle();
    });
    // The server has not yet heard the run started: the same completion does not start it again.
    await robot.advance(MINUTE);
    expect(robot.fake.runs).toHaveLength(2);
    robot.actor.stop();
  });

  it('runs a slot that passed while the jobs were being read', async () => {
    const robot = await startRobot([membersOnMondays], { at: Date.parse('2024-06-03T07:34:00Z') });
    await robot.advanceTo('2024-06-03T07:34:59Z');
    let answer = () => {};
    robot.server.answered = new Promise((resolve) => (answer = resolve));
    await act(async () => void robot.actor.send({ type: 'robot.schedule.changed' }));
    await robot.advance(3 * SECOND);
    expect(robot.fake.runs).toEqual([]);
    await act(async () => {
      answer();
      await settle();
    });
    await robot.advance(SECOND);
    expect(robot.fake.lastRun()).toMatchObject({ command: 'fetch_group_members', args: ROBOT_GROUP });
    robot.actor.stop();
  });

  it('runs a slot that passed while the robot ran a page scan once it is free, and once only', async () => {
    const robot = await startRobot([membersOnMondays], { at: Date.parse('2024-06-03T07:34:00Z') });
    await act(async () => void robot.actor.send({ type: 'robot.command.start', request: { command: 'fetch_group_posts', args: { ...ROBOT_GROUP, settings: SETTINGS } } }));
    await robot.advanceTo('2024-06-03T07:36:00Z');
    expect(robot.fake.runs).toHaveLength(1);
    await act(async () => {
      robot.fake.lastRun().resolve({ job_id: 12, posts: 10 });
      await settle();
    });
    await robot.advance(SECOND);
    expect(robot.fake.runs.map((run) => run.command)).toEqual(['fetch_group_posts', 'fetch_group_members']);
    await act(async () => {
      robot.fake.lastRun().resolve({ job_id: 13, members: 2000 });
      await settle();
    });
    await robot.advance(MINUTE);
    expect(robot.fake.runs).toHaveLength(2);
    robot.actor.stop();
  });

  it('runs nothing for a disabled job', async () => {
    const disabled = { ...membersOnMondays, config: { ...membersOnMondays.config, enabled: false } };
    const robot = await startRobot([disabled]);
    expect(screen.queryByText(/Next run/)).toBeNull();
    await robot.advanceTo('2024-06-03T07:40:00Z');
    expect(robot.fake.runs).toEqual([]);
    robot.actor.stop();
  });

  it('reads the scheduled jobs again at once when the schedule is saved, and runs the new time', async () => {
    const robot = await startRobot([membersOnMondays], { at: Date.parse('2024-06-03T07:36:00Z') });
    expect(screen.getByText('Next run: Mon 07:35 UTC')).toBeInTheDocument();
    const calls = robot.server.jobCalls;
    robot.server.scheduled = [{ ...membersOnMondays, config: { ...membersOnMondays.config, perWeekdays1: '07:40:00' } }];
    await act(async () => {
      robot.actor.send({ type: 'robot.schedule.changed' });
      await settle();
    });
    expect(robot.server.jobCalls).toBe(calls + 1);
    expect(screen.getByText('Next run: Mon 07:40 UTC')).toBeInTheDocument();
    await robot.advanceTo('2024-06-03T07:40:00Z');
    expect(robot.fake.lastRun()).toMatchObject({ command: 'fetch_group_members', args: ROBOT_GROUP });
    robot.actor.stop();
  });

  it('reports a scheduled run that cannot start, and keeps to the schedule', async () => {
    const robot = await startRobot([engagementsAfterMembers('2024-06-03T06:50:00.000Z')]);
    robot.server.settingsStatus = 500;
    await robot.advance(SECOND);
    expect(robot.fake.runs).toEqual([]);
    expect(lastCommandFailure(robot.actor.getSnapshot())).toEqual({
      command: 'fetch_group_posts',
      code: 'failed',
      message: "The scheduled Sync Engagements did not start: the group's sync settings could not be loaded.",
    });

    // Sync Members completes again: the next Sync Engagements starts.
    await robot.advance(MINUTE);
    robot.server.settingsStatus = 200;
    robot.server.scheduled = [engagementsAfterMembers('2024-06-03T07:30:50.000Z')];
    await robot.advance(10 * SECOND);
    expect(robot.fake.lastRun()).toMatchObject({ command: 'fetch_group_posts', args: { ...ROBOT_GROUP, settings: SETTINGS } });
    robot.actor.stop();
  });

  it('runs nothing while the robot is unavailable, and shows no next run', async () => {
    const robot = await startRobot([membersOnMondays], { at: Date.parse('2024-06-03T07:34:00Z') });
    await act(async () => robot.fake.set({ presence: 'notInstalled' }));
    expect(screen.queryByText(/Next run/)).toBeNull();
    await robot.advanceTo('2024-06-03T07:36:00Z');
    expect(robot.fake.runs).toEqual([]);
    robot.actor.stop();
  });

  it('runs nothing for nobody signed in', async () => {
    const robot = await startRobot([membersOnMondays], { at: Date.parse('2024-06-03T07:34:00Z'), signedIn: false });
    await robot.advanceTo('2024-06-03T07:36:00Z');
    expect(robot.server.jobCalls).toBe(0);
    expect(robot.fake.runs).toEqual([]);
    robot.actor.stop();
  });

  it('waits for a due run while the robot runs a page scan, then starts it', async () => {
    const robot = await startRobot([engagementsAfterMembers(null)]);
    await act(async () => robot.actor.send({ type: 'robot.command.start', request: { command: 'fetch_group_members', args: ROBOT_GROUP } }));
    robot.server.scheduled = [engagementsAfterMembers('2024-06-03T07:30:30.000Z')];
    await robot.advance(MINUTE);
    expect(robot.fake.runs).toHaveLength(1);
    expect(screen.getByText('Next run: as soon as the robot is free')).toBeInTheDocument();
    expect(screen.getByText('Sync Engagements, Trail Runners Club')).toBeInTheDocument();
    await act(async () => {
      robot.fake.lastRun().resolve({ job_id: 12, members: 2000 });
      await settle();
    });
    await robot.advance(SECOND);
    expect(robot.fake.runs.map((run) => run.command)).toEqual(['fetch_group_members', 'fetch_group_posts']);
    robot.actor.stop();
  });
});
