import { Link } from 'react-router-dom';
import type { RobotIndicator } from './types';

export interface RobotStatusProps {
  robot: RobotIndicator;
}

/** The installed robot's version, or a warning that leads to onboarding to install the extension. */
export function RobotStatus({ robot }: RobotStatusProps) {
  if (!robot.installed) {
    return (
      <Link to="/onboarding" className="robot-missing">
        <span className="pi pi-exclamation-triangle" aria-hidden="true" />
        Extension is not installed
      </Link>
    );
  }
  return (
    <p className="robot-status">
      <span className="robot-status__dot" aria-hidden="true" />
      {robot.version ? `Robot ${robot.version}` : 'Robot installed'}
    </p>
  );
}
