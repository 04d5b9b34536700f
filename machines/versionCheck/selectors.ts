import type { SnapshotFrom } from 'xstate';
import type { versionCheckMachine } from './machine';
import { isNewerVersion } from './versionOrder';

type VersionCheckSnapshot = SnapshotFrom<typeof versionCheckMachine>;

/** A newer app has been published and the page will reload once the user is idle. */
export function isAppUpdatePending(snapshot: VersionCheckSnapshot): boolean {
  return isNewerVersion(snapshot.context.serverAppVersion, snapshot.context.runningAppVersion);
}

export function isReloadingApp(snapshot: VersionCheckSnapshot): boolean {
  return snapshot.matches('reloadingApp');
}

/** The robot version the extension was last asked to update to, if any. */
export function requestedRobotVersion(snapshot: VersionCheckSnapshot): string | null {
  return snapshot.context.robotReloadRequestedFor;
}
