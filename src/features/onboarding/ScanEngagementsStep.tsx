import { Message } from 'primereact/message';
import { ONBOARDING_ENGAGEMENT_SETTINGS } from '../../../machines/onboarding/engagementSettings';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { WorkView } from '../../../machines/onboarding/selectors';
import { ScanProgress } from './ScanProgress';
import { StepFailureMessage } from './StepFailureMessage';

export interface ScanEngagementsStepProps {
  group: OnboardingGroup;
  scan: WorkView;
  /** How many posts the finished scan read. */
  posts: number | null;
  onRetry(): void;
}

const settings = ONBOARDING_ENGAGEMENT_SETTINGS;

/** What this first engagement scan reads (spec part 1 §9); the group's settings can reach further later. */
function ScanSettings() {
  return (
    <section className="scan-settings" aria-labelledby="scan-settings-title">
      <h3 id="scan-settings-title">What this first scan reads</h3>
      <dl>
        <dt>Looks back by</dt>
        <dd>{settings.engagement_sync_lookbehind_by === 'posts' ? 'Posts' : 'Days'}</dd>
        <dt>Posts back</dt>
        <dd>{settings.engagement_sync_posts_back}</dd>
        <dt>Reactions per post</dt>
        <dd>{settings.engagement_sync_reactions_per_post}</dd>
        <dt>Comments per post</dt>
        <dd>{settings.engagement_sync_comments_per_post}</dd>
      </dl>
    </section>
  );
}

/** Step 6: the robot reads recent posts of the group with their reactions and comments. */
export function ScanEngagementsStep({ group, scan, posts, onRetry }: ScanEngagementsStepProps) {
  return (
    <div className="onboarding-step">
      {scan.kind === 'working' && (
        <>
          <p>
            The robot is reading recent posts of <strong>{group.name}</strong> with their reactions and comments.
          </p>
          <ScanProgress noun="posts" progress={scan.progress} />
        </>
      )}
      {scan.kind === 'failed' && <StepFailureMessage failure={scan.failure} onRetry={onRetry} />}
      {scan.kind === 'done' && (
        <Message severity="success" text={`${(posts ?? 0).toLocaleString('en-US')} posts of ${group.name} scanned with their engagement.`} />
      )}
      <ScanSettings />
      {scan.kind === 'done' && <p className="onboarding-step__muted">Press Next to finish.</p>}
    </div>
  );
}
