import { createActor } from 'xstate';
import type { ApiClient, ServerHeaders } from '../api/client';
import { versionCheckMachine, type VersionCheckEvent } from '../../machines/versionCheck/machine';
import { createReloadLog } from '../../machines/versionCheck/reloadLog';
import { withCacheBuster } from './cacheBuster';
import { watchUserActivity } from './userActivity';

export interface VersionCheckDeps {
  api: ApiClient;
  runningAppVersion: string;
  window: Window;
  reloadExtension: () => void;
}

export function serverVersionsEvent({ appVersion, robotVersion }: ServerHeaders): VersionCheckEvent {
  return { type: 'server.versions', appVersion, robotVersion };
}

/** Starts the version check with the page's real reload, storage and activity events. */
export function startVersionCheck({ api, runningAppVersion, window, reloadExtension }: VersionCheckDeps) {
  const machine = versionCheckMachine.provide({
    actions: {
      reloadApp: (_, { version }) => window.location.replace(withCacheBuster(window.location.href, version)),
      reloadExtension: () => reloadExtension(),
    },
  });
  const actor = createActor(machine, {
    input: { runningAppVersion, api, reloadLog: createReloadLog(window.localStorage) },
  });
  const stopWatching = watchUserActivity(window, () => actor.send({ type: 'user.activity' }));
  actor.subscribe({ complete: stopWatching });
  return actor.start();
}
