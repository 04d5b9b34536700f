import type { ScheduledJob } from '../../domain/extension-state';
import { jobArgsOf, type RobotJobRow } from '../../domain/robot-jobs';

/** The contract's ExtensionJob; args carry only the contract's JobArgs fields. */
export function extensionJobView(job: RobotJobRow) {
  const { id, settings, members } = jobArgsOf(job);
  return {
    id: job.id,
    group_id: job.group_id,
    name: job.name,
    status: job.status,
    args: { id, ...(settings ? { settings } : {}), ...(members ? { members } : {}) },
    progress: job.progress,
    total: job.total,
    error: job.error,
    created_at: job.started_at,
    finished_at: job.finished_at,
  };
}

/** The contract's ScheduledJob. */
export function scheduledJobView(job: ScheduledJob) {
  return { group_id: job.group_id, name: job.name, next_run_at: job.next_run_at, config: job.config };
}
