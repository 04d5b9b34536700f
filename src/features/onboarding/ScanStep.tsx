import type { ScanJob } from '../../../machines/onboarding/actors';
import type { ScanView } from '../../../machines/onboarding/selectors';
import { GroupsFound, ScanGroupsStep } from './ScanGroupsStep';
import { ScanEngagementsStep, PostsScanned } from './ScanEngagementsStep';
import { MembersScanned, ScanMembersStep } from './ScanMembersStep';

export interface ScanStepProps {
  job: ScanJob;
  scan: ScanView;
  onRetry(): void;
}

/** The step of a scan's job while it runs, fails, or has just found what it looked for. */
export function ScanStep({ job, scan, onRetry }: ScanStepProps) {
  switch (job.kind) {
    case 'groups':
      if (scan.kind !== 'done') return <ScanGroupsStep scan={scan} onRetry={onRetry} />;
      return scan.result.kind === 'groups' && <GroupsFound groups={scan.result.groups} onRescan={null} />;
    case 'members':
      if (scan.kind !== 'done') return <ScanMembersStep group={job.group} scan={scan} onRetry={onRetry} />;
      return scan.result.kind === 'members' && <MembersScanned group={job.group} members={scan.result.members} />;
    case 'engagements':
      if (scan.kind !== 'done') return <ScanEngagementsStep group={job.group} scan={scan} onRetry={onRetry} />;
      return scan.result.kind === 'engagements' && <PostsScanned group={job.group} posts={scan.result.posts} />;
  }
}
