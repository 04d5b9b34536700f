import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './machine';

type AppSnapshot = SnapshotFrom<typeof appMachine>;

/** The long-lived actors the views and routes talk to. */
export const sessionRefOf = (snapshot: AppSnapshot) => snapshot.context.session;
export const robotRefOf = (snapshot: AppSnapshot) => snapshot.context.robot;
export const versionCheckRefOf = (snapshot: AppSnapshot) => snapshot.context.versionCheck;

/** The robot works for a signed-in user once their groups are loaded. */
export const isRobotWorkingForUser = (snapshot: AppSnapshot) => snapshot.matches('signedIn');
