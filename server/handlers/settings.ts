import { changeGroupSchedule, readGroupSchedule } from '../domain/group-schedule';
import { changeGroupSettings, readGroupSettings } from '../domain/group-settings';
import { changeUserSettings, isTimeZone, readUserSettings } from '../domain/user-settings';
import { ApiError, notFound } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';

export function settingsHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async getUserSettings(request) {
      return { settings: await readUserSettings(db, callerOf(request).userId) };
    },

    async updateUserSettings(request) {
      const { settings: patch } = request.body;
      if (typeof patch.timezone === 'string' && !isTimeZone(patch.timezone)) {
        throw new ApiError('bad_request', `'settings.timezone' in body is not an IANA time zone`, {
          field: 'settings.timezone',
          location: 'body',
          rule: 'timezone',
        });
      }
      return { settings: await changeUserSettings(db, { userId: callerOf(request).userId, patch, ip: request.ip, at: now() }) };
    },

    async getGroupSettings(request) {
      const view = await readGroupSettings(db, request.params.id);
      if (!view) throw notFound('Group not found!');
      return view;
    },

    async updateGroupSettings(request) {
      const outcome = await changeGroupSettings(db, {
        groupId: request.params.id,
        userId: callerOf(request).userId,
        patch: request.body.settings,
        ip: request.ip,
        at: now(),
      });
      if ('saved' in outcome) return outcome.saved;
      if (outcome.refused === 'limit_exceeded') {
        throw new ApiError('limit_exceeded', "Above this group's limit: upgrade to PRO to sync further back", { limits: outcome.limits });
      }
      throw notFound('Group not found!');
    },

    async getGroupSchedule(request) {
      const config = await readGroupSchedule(db, request.params.id);
      if (!config) throw notFound('Group not found!');
      return { config };
    },

    async updateGroupSchedule(request) {
      const outcome = await changeGroupSchedule(db, {
        groupId: request.params.id,
        userId: callerOf(request).userId,
        patch: request.body.config,
        ip: request.ip,
        at: now(),
      });
      if ('saved' in outcome) return { config: outcome.saved };
      switch (outcome.refused) {
        case 'free_plan':
          throw new ApiError('conflict', 'Not available on Free plan', { reason: 'free_plan' });
        case 'locked':
          throw new ApiError('conflict', 'Account is locked', { reason: 'locked' });
        case 'after_itself':
          throw new ApiError('conflict', 'A job cannot run after itself', { reason: 'after_itself', job: outcome.job });
        case 'no_job_to_follow': {
          const field = `config.${outcome.job}.afterJob`;
          throw new ApiError('bad_request', `'${field}' in body is required when scheduled is afterJob`, { field, location: 'body', rule: 'required' });
        }
        case 'not_found':
          throw notFound('Group not found!');
      }
    },
  };
}
