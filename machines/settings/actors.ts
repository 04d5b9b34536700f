import type { ApiClient } from '../../src/api/client';
import { failureReason } from '../../src/api/failureReason';
import type { Schemas } from '../../rules/contract';
import type { EngagementSyncSettings, GroupLimits, ScheduledJobConfig, ScheduledJobName } from '../../rules/groupSettings';
import { answerOf } from '../shared/stepFailure';
import { fromStoppablePromise } from '../stoppablePromise';

export type GroupSchedule = Schemas['GroupSchedule'];
export type EngagementSyncSettingsPatch = Schemas['EngagementSyncSettingsPatch'];

interface ApiInput {
  api: ApiClient;
  groupId: number;
}

type Failed = { kind: 'failed'; message: string };

/** GET /groups/{id}/settings and GET /groups/{id}/schedule: the page needs both. */
export type LoadAnswer = { kind: 'loaded'; settings: EngagementSyncSettings; limits: GroupLimits; schedule: GroupSchedule } | Failed;
/** POST /groups/{id}/settings: saved (with the plan's limits), or 422 limit_exceeded with the server's limits. */
export type SettingAnswer = { kind: 'saved'; limits: GroupLimits } | { kind: 'limitExceeded'; limits: GroupLimits; message: string } | Failed;
/** PUT /groups/{id}/schedule; a 409 (free or locked group) is a failure with the server's reason. */
export type ScheduleAnswer = { kind: 'saved' } | Failed;

export const loadSettings = fromStoppablePromise<LoadAnswer, ApiInput>(async ({ input, signal }) => {
  const params = { params: { path: { id: input.groupId } }, signal };
  const [settings, schedule] = await Promise.all([
    answerOf(() => input.api.GET('/groups/{id}/settings', params)),
    answerOf(() => input.api.GET('/groups/{id}/schedule', params)),
  ]);
  if (!settings.data) return { kind: 'failed', message: failureReason(settings.error, settings.response) };
  if (!schedule.data) return { kind: 'failed', message: failureReason(schedule.error, schedule.response) };
  return { kind: 'loaded', settings: settings.data.settings, limits: settings.data.limits, schedule: schedule.data.config };
});

/** The limits a 422 limit_exceeded names in its details, when it names them whole. */
function limitsOf(error: unknown): GroupLimits | null {
  const details = (error as { error?: { details?: { limits?: Partial<GroupLimits> } } } | undefined)?.error?.details;
  const limits = details?.limits;
  if (typeof limits?.engagement_sync_days_back !== 'number' || typeof limits.engagement_sync_posts_back !== 'number') return null;
  return { engagement_sync_days_back: limits.engagement_sync_days_back, engagement_sync_posts_back: limits.engagement_sync_posts_back };
}

export const saveSetting = fromStoppablePromise<SettingAnswer, ApiInput & { patch: EngagementSyncSettingsPatch }>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() =>
    input.api.POST('/groups/{id}/settings', { params: { path: { id: input.groupId } }, body: { settings: input.patch }, signal }),
  );
  if (data) return { kind: 'saved', limits: data.limits };
  const message = failureReason(error, response);
  const limits = response?.status === 422 ? limitsOf(error) : null;
  return limits ? { kind: 'limitExceeded', limits, message } : { kind: 'failed', message };
});

export const saveSchedule = fromStoppablePromise<ScheduleAnswer, ApiInput & { job: ScheduledJobName; config: ScheduledJobConfig }>(
  async ({ input, signal }) => {
    // humanName is the server's to say; it ignores one sent.
    const { humanName: _shownName, ...config } = input.config;
    const { data, error, response } = await answerOf(() =>
      input.api.PUT('/groups/{id}/schedule', { params: { path: { id: input.groupId } }, body: { config: { [input.job]: config } }, signal }),
    );
    return data ? { kind: 'saved' } : { kind: 'failed', message: failureReason(error, response) };
  },
);
