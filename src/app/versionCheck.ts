import { fromCallback } from 'xstate';
import { versionCheckMachine } from '../../machines/versionCheck/machine';
import { withCacheBuster } from './cacheBuster';
import { watchUserActivity } from './userActivity';

/** What the version check needs of the page: its address to reload, and the user's activity. */
export interface VersionCheckPage {
  location: Pick<Location, 'href' | 'replace'>;
  activity: EventTarget;
}

/** The version check with the page's real reload (with a cache buster) and the robot's extension reload. */
export function appVersionCheckMachine(page: VersionCheckPage, reloadExtension: () => void) {
  return versionCheckMachine.provide({
    actions: {
      reloadApp: (_, { version }) => page.location.replace(withCacheBuster(page.location.href, version)),
      reloadExtension: () => reloadExtension(),
    },
  });
}

/** The user touching the page, reported to the app machine while it runs. */
export function pageActivity(page: VersionCheckPage) {
  return fromCallback<{ type: 'user.activity' }>(({ sendBack }) => watchUserActivity(page.activity, () => sendBack({ type: 'user.activity' })));
}
