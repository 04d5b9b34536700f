import type { AnyStateMachine } from 'xstate';
import type { MachineStories } from '../.storybook/machineStories';
import { robotStories } from '../src/app/shell/robot.paths';
import { changeCardStories } from '../src/features/changeCard/changeCard.paths';
import { paymentAccountStories } from '../src/features/connections/paymentAccount.paths';
import { affiliatesStories } from '../src/features/affiliates/affiliates.paths';
import { matchReviewStories } from '../src/features/matchReview/matchReview.paths';
import { labStories } from '../src/features/lab/lab.paths';
import { heldDeparturesStories } from '../src/features/members/heldDepartures.paths';
import { memberListStories } from '../src/features/members/memberList.paths';
import { confirmOwnershipStories } from '../src/features/onboarding/confirmOwnership.paths';
import {
  engagementsScanStories,
  groupsScanStories,
  membersScanStories,
  onboardingStories,
} from '../src/features/onboarding/onboarding.paths';
import { permissionsStories } from '../src/features/permissions/permissions.paths';
import { purchaseStories } from '../src/features/purchase/purchase.paths';
import { settingsStories } from '../src/features/settings/settings.paths';

/** A workflow whose stories are generated: its machine's paths, and the hand-written view that shows a snapshot. */
export interface StoryWorkflow {
  stories: MachineStories<AnyStateMachine>;
  /** Storybook's title for the workflow's stories. */
  title: string;
  /** The generated stories file, from the repository's root. */
  file: string;
  /** The module (relative to `file`) and export of the workflow's `StateView`. */
  view: { module: string; name: string };
}

export const storyWorkflows: StoryWorkflow[] = [
  {
    stories: robotStories as MachineStories<AnyStateMachine>,
    title: 'App/Shell/Robot',
    file: 'src/app/shell/RobotStatus.generated.stories.tsx',
    view: { module: './RobotStatus.states', name: 'robotView' },
  },
  {
    stories: affiliatesStories as MachineStories<AnyStateMachine>,
    title: 'Affiliates/Affiliates page',
    file: 'src/features/affiliates/AffiliatesView.generated.stories.tsx',
    view: { module: './AffiliatesView.states', name: 'affiliatesView' },
  },
  {
    stories: heldDeparturesStories as MachineStories<AnyStateMachine>,
    title: 'Members/Held departures',
    file: 'src/features/members/HeldDeparturesNotice.generated.stories.tsx',
    view: { module: './HeldDeparturesNotice.states', name: 'heldDeparturesView' },
  },
  {
    stories: memberListStories as MachineStories<AnyStateMachine>,
    title: 'Members/Members page',
    file: 'src/features/members/MembersView.generated.stories.tsx',
    view: { module: './MembersView.states', name: 'membersView' },
  },
  {
    stories: matchReviewStories as MachineStories<AnyStateMachine>,
    title: 'Connections/Match review',
    file: 'src/features/matchReview/MatchReviewView.generated.stories.tsx',
    view: { module: './MatchReviewView.states', name: 'matchReviewStateView' },
  },
  {
    stories: confirmOwnershipStories as MachineStories<AnyStateMachine>,
    title: 'Onboarding/4 Confirm Permissions',
    file: 'src/features/onboarding/ConfirmOwnershipStep.generated.stories.tsx',
    view: { module: './ConfirmOwnershipStep.states', name: 'confirmOwnershipView' },
  },
  {
    stories: onboardingStories as MachineStories<AnyStateMachine>,
    title: 'Onboarding/Wizard',
    file: 'src/features/onboarding/OnboardingWizard.generated.stories.tsx',
    view: { module: './OnboardingWizard.states', name: 'onboardingView' },
  },
  {
    stories: groupsScanStories as MachineStories<AnyStateMachine>,
    title: 'Onboarding/2 Scan Groups',
    file: 'src/features/onboarding/ScanGroupsStep.generated.stories.tsx',
    view: { module: './ScanStep.states', name: 'groupsScanView' },
  },
  {
    stories: membersScanStories as MachineStories<AnyStateMachine>,
    title: 'Onboarding/5 Scan Members',
    file: 'src/features/onboarding/ScanMembersStep.generated.stories.tsx',
    view: { module: './ScanStep.states', name: 'membersScanView' },
  },
  {
    stories: engagementsScanStories as MachineStories<AnyStateMachine>,
    title: 'Onboarding/6 Scan Engagements',
    file: 'src/features/onboarding/ScanEngagementsStep.generated.stories.tsx',
    view: { module: './ScanStep.states', name: 'engagementsScanView' },
  },
  {
    stories: purchaseStories as MachineStories<AnyStateMachine>,
    title: 'Billing/Purchase',
    file: 'src/features/purchase/PurchaseView.generated.stories.tsx',
    view: { module: './PurchaseView.states', name: 'purchasePageView' },
  },
  {
    stories: changeCardStories as MachineStories<AnyStateMachine>,
    title: 'Billing/Change card',
    file: 'src/features/changeCard/ChangeCardView.generated.stories.tsx',
    view: { module: './ChangeCardView.states', name: 'changeCardPageView' },
  },
  {
    stories: paymentAccountStories as MachineStories<AnyStateMachine>,
    title: 'Connections/Payment account',
    file: 'src/features/connections/ConnectionsView.generated.stories.tsx',
    view: { module: './ConnectionsView.states', name: 'connectionsView' },
  },
  {
    stories: settingsStories as MachineStories<AnyStateMachine>,
    title: 'Settings/Sync and schedule',
    file: 'src/features/settings/SettingsWorkflow.generated.stories.tsx',
    view: { module: './SettingsWorkflow.states', name: 'settingsView' },
  },
  {
    stories: permissionsStories as MachineStories<AnyStateMachine>,
    title: 'Permissions/Permissions page',
    file: 'src/features/permissions/PermissionsView.generated.stories.tsx',
    view: { module: './PermissionsView.states', name: 'permissionsView' },
  },
  {
    stories: labStories as MachineStories<AnyStateMachine>,
    title: 'Supervisor/Lab',
    file: 'src/features/lab/LabView.generated.stories.tsx',
    view: { module: './LabView.states', name: 'labView' },
  },
];
