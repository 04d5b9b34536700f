import type { ReactNode } from 'react';
import type { components } from '../../api/schema';
import type { GroupJobStatus, NextScheduledRun, RobotIndicator } from '../../../machines/robot/indicator';

export type { GroupJobStatus, NextScheduledRun, RobotIndicator };

export type User = components['schemas']['User'];
export type Group = components['schemas']['Group'];

/** A user found by the supervisor's user search. */
export interface UserMatch {
  id: number;
  name: string;
  /** A second line to tell namesakes apart (the email). */
  description: string | null;
}

/** What a supervisor needs to sign in as another user (spec part 1 §4 Session). */
export interface SignInAsTools {
  /** Users matching the text (called from 3 characters on; at most 10 answers). */
  searchUsers(text: string): Promise<UserMatch[]>;
  signInAs(user: UserMatch): void;
}

/** Feature toggles from GET /status that change the shell. */
export interface ShellFeatures {
  lab: boolean;
  singleSignOn: boolean;
  /** Base URL of the companion product; its user-menu link goes to {companionUrl}/auth/token/{token}. */
  companionUrl: string | null;
  affiliatesEnabled: boolean;
}

/**
 * Everything the layout shell renders. The shell is a pure view: the session statechart and the
 * router decide these values; the shell only reports what the user did through the callbacks.
 */
export interface ShellProps {
  user: User;
  /** The groups the user holds, in the order the API gives them. */
  groups: Group[];
  /** The group the sidebar shows (highlighted in the chooser, its menu shown): the route's, the one being opened, or the last one. */
  currentGroup?: Group;
  /** The group of the page shown, whose lock covers it; undefined off group pages. */
  pageGroup?: Group;
  robot: RobotIndicator;
  features: ShellFeatures;
  /** Set while a supervisor acts as another user: the banner names `user`. */
  switched: boolean;
  /** True while a route loads: drives the 2 px green top bar. */
  loading: boolean;
  /** A fresh single-use token for the companion-product link (POST /session/companion_token). */
  issueCompanionToken(): Promise<string>;
  /** Logo click: reload the app and the extension. */
  onReloadApp(): void;
  /** 'Back to admin account' on the admin-switch banner. */
  onBackToAdmin(): void;
  /** The supervisor's lab button (shown when features.lab): open the lab modal. */
  onOpenLab?(): void;
  /** Supervisors only: search users and sign in as one of them. */
  signInAsTools?: SignInAsTools;
  /** Set on the routes that must stay usable while the group is locked (purchase, change card). */
  unlockContent?: boolean;
  children: ReactNode;
}
