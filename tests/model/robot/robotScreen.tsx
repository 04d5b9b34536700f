import { render } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { MemoryRouter } from 'react-router-dom';
import { groupJobStatus, robotIndicator } from '../../../machines/robot/selectors';
import type { RobotActor } from '../../../machines/robot/actorRef';
import { JobStatusNotice } from '../../../src/app/shell/JobStatusNotice';
import { RobotStatus } from '../../../src/app/shell/RobotStatus';

/** The robot's real views: the sidebar's robot line, and the job notice over the pages of group `groupId`. */
function RobotScreen({ robot, groupId }: { robot: RobotActor; groupId: number }) {
  const snapshot = useSelector(robot, (current) => current);
  return (
    <>
      <RobotStatus robot={robotIndicator(snapshot)} />
      <JobStatusNotice job={groupJobStatus(snapshot, groupId)} />
    </>
  );
}

export function renderRobotScreen(robot: RobotActor, groupId: number) {
  return render(
    <MemoryRouter>
      <RobotScreen robot={robot} groupId={groupId} />
    </MemoryRouter>,
  );
}
