import { assign, raise, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import { fetchServerVersions, type ServerVersions } from './actors';
import { RELOAD_COOLDOWN_MS, type ReloadLog } from './reloadLog';
import { isNewerVersion } from './versionOrder';

export interface VersionCheckInput {
  runningAppVersion: string;
  installedRobotVersion?: string | null;
  api: ApiClient;
  reloadLog: ReloadLog;
}

export interface VersionCheckContext {
  runningAppVersion: string;
  installedRobotVersion: string | null;
  serverAppVersion: string | null;
  serverRobotVersion: string | null;
  robotReloadRequestedFor: string | null;
  api: ApiClient;
  reloadLog: ReloadLog;
}

export type VersionCheckEvent =
  | { type: 'server.versions'; appVersion: string | null; robotVersion: string | null }
  | { type: 'user.activity' }
  | { type: 'robot.versionReported'; version: string };

function remainingReloadCooldown(reloadLog: ReloadLog): number {
  const elapsed = reloadLog.millisSinceLastReload();
  return elapsed === null ? 0 : Math.max(0, RELOAD_COOLDOWN_MS - elapsed);
}

export const versionCheckMachine = setup({
  types: {
    context: {} as VersionCheckContext,
    events: {} as VersionCheckEvent,
    input: {} as VersionCheckInput,
  },
  actors: { fetchServerVersions },
  delays: {
    startDelay: 10_000,
    idleTime: 30_000,
    reloadCooldown: ({ context }) => remainingReloadCooldown(context.reloadLog),
  },
  guards: {
    isNewerAppVersion: ({ context }, params: { version: string | null }) =>
      isNewerVersion(params.version, context.runningAppVersion),
    isRobotReloadDue: ({ context }, params: { announced: string | null; installed: string | null }) =>
      isNewerVersion(params.announced, params.installed) && params.announced !== context.robotReloadRequestedFor,
  },
  actions: {
    rememberServerVersions: assign(({ context }, versions: ServerVersions) => ({
      serverAppVersion: versions.appVersion ?? context.serverAppVersion,
      serverRobotVersion: versions.robotVersion ?? context.serverRobotVersion,
    })),
    rememberInstalledRobotVersion: assign((_, params: { version: string }) => ({ installedRobotVersion: params.version })),
    announceCheckedVersions: raise((_, versions: ServerVersions) => ({ type: 'server.versions' as const, ...versions })),
    rememberRobotReloadRequested: assign(({ context }) => ({ robotReloadRequestedFor: context.serverRobotVersion })),
    recordReload: ({ context }) => context.reloadLog.recordReload(),
    reloadApp: (_, _params: { version: string }) => {},
    reloadExtension: () => {},
  },
}).createMachine({
  id: 'versionCheck',
  context: ({ input }) => ({
    runningAppVersion: input.runningAppVersion,
    installedRobotVersion: input.installedRobotVersion ?? null,
    serverAppVersion: null,
    serverRobotVersion: null,
    robotReloadRequestedFor: null,
    api: input.api,
    reloadLog: input.reloadLog,
  }),
  on: {
    'server.versions': [
      {
        guard: {
          type: 'isRobotReloadDue',
          params: ({ context, event }) => ({
            announced: event.robotVersion ?? context.serverRobotVersion,
            installed: context.installedRobotVersion,
          }),
        },
        actions: [
          { type: 'rememberServerVersions', params: ({ event }) => event },
          'reloadExtension',
          'rememberRobotReloadRequested',
        ],
      },
      { actions: { type: 'rememberServerVersions', params: ({ event }) => event } },
    ],
    'robot.versionReported': [
      {
        guard: {
          type: 'isRobotReloadDue',
          params: ({ context, event }) => ({ announced: context.serverRobotVersion, installed: event.version }),
        },
        actions: [
          { type: 'rememberInstalledRobotVersion', params: ({ event }) => event },
          'reloadExtension',
          'rememberRobotReloadRequested',
        ],
      },
      { actions: { type: 'rememberInstalledRobotVersion', params: ({ event }) => event } },
    ],
  },
  initial: 'waitingToStart',
  states: {
    waitingToStart: {
      after: { startDelay: 'awaitingIdle' },
    },
    awaitingIdle: {
      on: { 'user.activity': { target: 'awaitingIdle', reenter: true } },
      after: {
        idleTime: [
          {
            guard: { type: 'isNewerAppVersion', params: ({ context }) => ({ version: context.serverAppVersion }) },
            target: 'waitingForReloadCooldown',
          },
          { target: 'checkingVersions' },
        ],
      },
    },
    checkingVersions: {
      on: { 'user.activity': 'awaitingIdle' },
      invoke: {
        id: 'fetchServerVersions',
        src: 'fetchServerVersions',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          {
            guard: { type: 'isNewerAppVersion', params: ({ event }) => ({ version: event.output.appVersion }) },
            target: 'waitingForReloadCooldown',
            actions: { type: 'announceCheckedVersions', params: ({ event }) => event.output },
          },
          {
            target: 'awaitingIdle',
            actions: { type: 'announceCheckedVersions', params: ({ event }) => event.output },
          },
        ],
        onError: 'awaitingIdle',
      },
    },
    waitingForReloadCooldown: {
      on: { 'user.activity': 'awaitingIdle' },
      after: { reloadCooldown: 'reloadingApp' },
    },
    reloadingApp: {
      type: 'final',
      entry: [
        'recordReload',
        { type: 'reloadApp', params: ({ context }) => ({ version: context.serverAppVersion ?? context.runningAppVersion }) },
      ],
    },
  },
});
