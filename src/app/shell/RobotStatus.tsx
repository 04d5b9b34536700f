import { Link } from 'react-router-dom';
import { formatNextRunTime } from './nextRunTime';
import { pathTo } from '../routes';
import type { NextScheduledRun, RobotIndicator } from './types';
import './robotStatus.css';

export interface RobotStatusProps {
  robot: RobotIndicator;
}

/**
 * The robot line of the sidebar: the installed robot's version, or why it cannot work — an
 * outdated one, or no robot to talk to (no extension, or a sandbox robot the lab disconnected:
 * the same 'Extension is not installed' link to onboarding, which shows how to install it).
 */
export function RobotStatus({ robot }: RobotStatusProps) {
  switch (robot.presence) {
    case 'ready':
      return (
        <>
          <p className="robot-status">
            <span className="robot-status__dot" aria-hidden="true" />
            {robot.version ? `Robot ${robot.version}` : 'Robot installed'}
          </p>
          {robot.nextRun && <NextRun run={robot.nextRun} />}
        </>
      );
    case 'detecting':
      return (
        <p className="robot-status" role="status">
          <span className="robot-status__dot robot-status__dot--pending" aria-hidden="true" />
          Looking for the robot…
        </p>
      );
    case 'outdated':
      return (
        <Link to={pathTo('onboarding_step', { step: 'extension' })} className="robot-missing">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>
            {robot.version ? `Robot ${robot.version} is outdated` : 'The robot is outdated'}
            <span className="robot-missing__hint">Update the extension</span>
          </span>
        </Link>
      );
    default:
      return (
        <Link to={pathTo('onboarding')} className="robot-missing">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" />
          Extension is not installed
        </Link>
      );
  }
}

/** Under the version: when the robot runs its next scheduled job, for which group. */
function NextRun({ run }: { run: NextScheduledRun }) {
  const what = `${run.job}, ${run.groupName}`;
  return (
    <p className="robot-next-run">
      <span>{run.at ? `Next run: ${formatNextRunTime(run.at)}` : 'Next run: as soon as the robot is free'}</span>
      <span className="robot-next-run__job" title={what}>
        {what}
      </span>
    </p>
  );
}
