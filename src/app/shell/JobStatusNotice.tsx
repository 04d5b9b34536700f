import { ProgressBar } from 'primereact/progressbar';
import { ROBOT_JOB_TITLES } from '../../../machines/robot/selectors';
import type { RobotJobName } from '../../robot/protocol';
import type { GroupJobStatus } from './types';
import './jobStatusNotice.css';

const JOB_UNITS: Record<RobotJobName, string> = {
  fetch_group_members: 'members',
  fetch_group_posts: 'posts',
  remove_group_members: 'members',
};

export interface JobStatusNoticeProps {
  /** The robot job running for the current group; nothing is shown without one. */
  job: GroupJobStatus | null;
}

function progressText({ name, done, total }: GroupJobStatus): string {
  const count = (value: number) => value.toLocaleString('en-US');
  return total === null ? `${count(done)} ${JOB_UNITS[name]} so far` : `${count(done)} of ${count(total)} ${JOB_UNITS[name]}`;
}

/** The notice at the top of a group's pages while the robot works on the group. */
export function JobStatusNotice({ job }: JobStatusNoticeProps) {
  if (!job) return null;
  const title = ROBOT_JOB_TITLES[job.name];
  const text = progressText(job);
  const percent = job.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : null;
  return (
    <section className="job-status-notice" role="status" aria-label={title}>
      <div className="job-status-notice__line">
        <span className="pi pi-spin pi-sync" aria-hidden="true" />
        <strong>{title}</strong>
        <span className="job-status-notice__count">{text}</span>
      </div>
      {percent === null ? (
        <ProgressBar mode="indeterminate" className="job-status-notice__bar" aria-label={`${title} ${text}`} />
      ) : (
        <ProgressBar value={percent} showValue={false} className="job-status-notice__bar" aria-label={`${title} ${text}`} />
      )}
    </section>
  );
}
