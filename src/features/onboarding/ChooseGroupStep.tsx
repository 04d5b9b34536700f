import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import { EntityAvatar } from '../../ui/EntityAvatar';

export interface ChooseGroupStepProps {
  /** The scanned groups, those the user administers first. */
  groups: OnboardingGroup[];
  chosenGroupId: number | null;
  onChoose(groupId: number): void;
}

/** Step 3: the user picks one group; a group where they are only a subscriber says already that admin is required. */
export function ChooseGroupStep({ groups, chosenGroupId, onChoose }: ChooseGroupStepProps) {
  if (groups.length === 0) {
    return (
      <div className="onboarding-step">
        <p>There is no group to choose from yet. Go back to Scan Groups and let the robot look again.</p>
      </div>
    );
  }
  const administers = groups.some((group) => group.role === 'admin');
  return (
    <div className="onboarding-step">
      {!administers && <Message severity="warn" text="You are not an admin of any of these groups. Admin is required to connect a group." />}
      <fieldset className="group-choice">
        <legend>Which group do you want to connect?</legend>
        <ul className="group-list">
          {groups.map((group) => {
            const inputId = `onboarding-group-${group.id}`;
            const subscriber = group.role !== 'admin';
            const chosen = group.id === chosenGroupId;
            return (
              <li
                key={group.id}
                className={`group-list__item group-choice__option${chosen ? ' group-choice__option--chosen' : ''}${subscriber ? ' group-choice__option--subscriber' : ''}`}
              >
                <RadioButton
                  inputId={inputId}
                  name="onboarding-group"
                  value={group.id}
                  checked={chosen}
                  onChange={() => onChoose(group.id)}
                  aria-describedby={`${inputId}-role`}
                />
                <label htmlFor={inputId}>
                  <EntityAvatar name={group.name} imageUrl={group.avatar_url} shape="square" />
                  <span className="group-list__name">{group.name}</span>
                </label>
                <span id={`${inputId}-role`} className="group-choice__role">
                  {subscriber ? 'Subscriber · admin required' : 'Admin'}
                </span>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
