import { useSelector } from '@xstate/react';
import { scanView, type ScanActor } from '../../../machines/onboarding/selectors';
import { ScanStep } from './ScanStep';

export interface ScanWorkflowProps {
  actor: ScanActor;
}

/** A scan step while the scan statechart runs: the robot's progress, or its failure with a retry. */
export function ScanWorkflow({ actor }: ScanWorkflowProps) {
  const job = useSelector(actor, (snapshot) => snapshot.context.job);
  const view = useSelector(actor, scanView);
  return <ScanStep job={job} scan={view} onRetry={() => actor.send({ type: 'scan.retry' })} />;
}
