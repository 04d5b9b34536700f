import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { OwnershipView } from '../../../machines/confirmOwnership/selectors';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import { EntityAvatar } from '../../ui/EntityAvatar';
import { BusyNote } from './BusyNote';
import { OwnershipConfirmed } from './OwnershipConfirmed';
import { StepFailureMessage } from './StepFailureMessage';

export interface ConfirmOwnershipStepProps {
  group: OnboardingGroup;
  view: OwnershipView;
  onAcquire(): void;
  onRecheck(): void;
  onRetry(): void;
}

function roleName(role: string | null): string {
  if (role === 'subscriber') return 'Subscriber';
  if (role === 'admin') return 'Admin';
  return 'not an admin';
}

/** Step 4: whether the user may connect the group: already theirs, held by another admin, or theirs to acquire. */
export function ConfirmOwnershipStep({ group, view, onAcquire, onRecheck, onRetry }: ConfirmOwnershipStepProps) {
  switch (view.kind) {
    case 'checking':
      return <BusyNote text={`Checking who holds ${group.name} in xFilter…`} />;
    case 'scanningAdmins':
      return <BusyNote text={`The robot is reading the admins of ${group.name}…`} />;
    case 'apiAdmin':
    case 'acquired':
      return <OwnershipConfirmed group={group} confirmation={view.kind} />;
    case 'adminsToContact':
      return (
        <div className="onboarding-step">
          <Message severity="info" text={`${group.name} is already connected to xFilter by another admin.`} />
          <p>Only one admin holds a group until they give others permission. Ask one of them to add you:</p>
          <ul className="admins-list" aria-label="Admins to contact">
            {view.admins.map((admin, index) => (
              // The holders come with no ids, in the order the server gives them (the one who acquired the group first).
              <li key={index}>
                <EntityAvatar name={admin.name} imageUrl={admin.avatar_url} />
                <span>{admin.name}</span>
              </li>
            ))}
          </ul>
          <Button label="Check again" icon="pi pi-refresh" outlined onClick={onRecheck} />
        </div>
      );
    case 'isAdmin':
    case 'acquiring':
      return (
        <div className="onboarding-step">
          <p>
            The robot confirmed that you are an admin of <strong>{group.name}</strong>. Is this your group?
          </p>
          <Button
            label="Yes, this is my group"
            icon="pi pi-check"
            loading={view.kind === 'acquiring'}
            disabled={view.kind === 'acquiring'}
            onClick={onAcquire}
          />
        </div>
      );
    case 'notAdmin':
      return (
        <div className="onboarding-step">
          <Message
            severity="warn"
            text={`Your role in ${group.name} is ${roleName(view.role)}. Admin is required to connect a group.`}
          />
          <p>Choose another group, or ask an admin of this one to make you an admin, then check again.</p>
          <Button label="Check again" icon="pi pi-refresh" outlined onClick={onRecheck} />
        </div>
      );
    case 'failed':
      return (
        <div className="onboarding-step">
          <StepFailureMessage failure={view.failure} onRetry={onRetry} />
        </div>
      );
  }
}
