import { Message } from 'primereact/message';
import { ONBOARDING_ENGAGEMENT_SETTINGS } from '../../../machines/onboarding/engagementSettings';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import type { ScanView } from '../../../machines/onboarding/selectors';
import { ScanProgress } from './ScanProgress';
import { StepFailureMessage } from './StepFailureMessage';
import { countOf } from '../../ui/plural';

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

export interface ScanEngagementsStepProps {
  group: OnboardingGroup;
  scan: Exclude<ScanView, { kind: 'done' }>;
  onRetry(): void;
}

/** Step 6 while the robot reads recent posts of the group with their reactions and comments. */
export function ScanEngagementsStep({ group, scan, onRetry }: ScanEngagementsStepProps) {
  return (
    <div className="onboarding-step">
      {scan.kind === 'working' ? (
        <>
          <p>
            The robot is reading recent posts of <strong>{group.name}</strong> with their reactions and comments.
          </p>
          <ScanProgress noun="posts" progress={scan.progress} />
        </>
      ) : (
        <StepFailureMessage failure={scan.failure} onRetry={onRetry} />
      )}
      <ScanSettings />
    </div>
  );
}

export interface PostsScannedProps {
  group: OnboardingGroup;
  /** How many posts the finished scan read. */
  posts: number;
}

/** Step 6 once recent posts of the group are read with their engagement. */
export function PostsScanned({ group, posts }: PostsScannedProps) {
  return (
    <div className="onboarding-step">
      <Message severity="success" text={`${countOf(posts, 'post')} of ${group.name} scanned with their engagement.`} />
      <ScanSettings />
      <p className="onboarding-step__muted">Press Next to finish.</p>
    </div>
  );
}
