import type { FastifyRequest } from 'fastify';
import { findGroup } from '../domain/held-groups';
import { fakeComments, fakePosts, fakeReactions, removeLabEngagements, removeLabPosts } from '../domain/lab/lab-activity';
import { recordLabAction, type LabActor, type LabOutcome } from '../domain/lab/lab-action';
import {
  changeLabGroup,
  changeLabSubscription,
  createRandomGroup,
  removeAllGroups,
  removeLabGroup,
  removeLabSubscription,
  syncLabSubscription,
} from '../domain/lab/lab-groups';
import {
  changeLabMembership,
  createRandomMember,
  fakeMembers,
  findLabMembership,
  removeAllMembers,
  removeLabMembers,
  removeLabMembership,
  type LabMembership,
} from '../domain/lab/lab-memberships';
import { fakeMetrics, removeLabMetrics } from '../domain/lab/lab-metrics';
import { resetRemovals, spendRemovals } from '../domain/lab/lab-removals';
import { changeLabUser, createRandomUser, removeAllUsers, removeLabUser } from '../domain/lab/lab-users';
import type { RemovalUsage } from '../domain/removal-limits';
import { storableMoment } from '../domain/supervisor-days';
import { readToggles, setToggle } from '../domain/toggles';
import { findUser } from '../domain/users';
import { ApiError, notFound } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { groupView } from './views/group';
import { memberSummaryView } from './views/member';
import { userView } from './views/user';

type LabToggleName = 'extension_connected' | 'payment_provider_blocked' | 'login_disabled';

/** Switches that only exist in the sandbox world: the sandbox robot's connection and the sandbox payment provider. */
const SANDBOX_ONLY: ReadonlySet<LabToggleName> = new Set(['extension_connected', 'payment_provider_blocked']);

/**
 * A field the contract gives a default (the fake counts of part 2 §9, the flags' false): the
 * contract's validation fills it in when the caller leaves it out, so the contract is its one home.
 */
function defaulted<Value>(value: Value | undefined): Value {
  if (value === undefined) throw new Error("the contract's validation left out a default");
  return value;
}

/** What each refusal of a lab action answers. */
const REFUSALS = {
  not_found: () => notFound('Not found'),
  self: () => new ApiError('conflict', 'Supervisors cannot lock themselves out of the lab', { reason: 'self' }),
  no_posts: () => new ApiError('conflict', 'The group has no posts yet: fake some posts first', { reason: 'no_posts' }),
  no_profile_id: () => new ApiError('conflict', 'The user has no profile id to hold the group by', { reason: 'no_profile_id' }),
} as const;

/** The action's result, or its refusal thrown as the contract's error. */
function resultOf<Result>(outcome: LabOutcome<Result>): Result {
  if ('done' in outcome) return outcome.done;
  throw REFUSALS[outcome.refused]();
}

function membershipView(request: FastifyRequest, membership: LabMembership) {
  return { ...membership, member: memberSummaryView(request, membership.member) };
}

function usageView(usage: RemovalUsage) {
  return { removals: { today: usage.today, this_week: usage.thisWeek, total: usage.total } };
}

const done = (result: Record<string, unknown>) => ({ ok: true as const, result });

export function labHandlers({ db, config, now, payments }: HandlerContext): HandlerGroup {
  const actorOf = (request: FastifyRequest): LabActor => ({
    supervisorId: callerOf(request).userId,
    ip: request.ip,
    at: now(),
    sandbox: config.mode === 'sandbox',
  });

  return {
    async labFindUser(request) {
      const user = await findUser(db, request.body.user_id);
      if (!user) throw notFound('User not found');
      return done({ user: userView(request, user) });
    },

    async labFindGroup(request) {
      const group = await findGroup(db, request.body.group_id);
      if (!group) throw notFound('Group not found!');
      return done({ group: groupView(request, group) });
    },

    async labFindMembership(request) {
      const membership = await findLabMembership(db, request.body.group_id, request.body.member_id);
      if (!membership) throw notFound('Membership not found');
      return done({ membership: membershipView(request, membership) });
    },

    async labUpdateUser(request) {
      const { user_id: userId, remove_username: removeUsername, remove_profile_id: removeProfileId, is_supervisor: isSupervisor, is_banned: isBanned } = request.body;
      const user = resultOf(await changeLabUser(db, actorOf(request), { userId, removeUsername, removeProfileId, isSupervisor, isBanned }));
      return done({ user: userView(request, user) });
    },

    async labRemoveUser(request) {
      return done(resultOf(await removeLabUser(db, actorOf(request), request.body.user_id)));
    },

    async labUpdateMembership(request) {
      const { group_id: groupId, member_id: memberId, role } = request.body;
      const membership = resultOf(await changeLabMembership(db, actorOf(request), { groupId, memberId, role }));
      return done({ membership: membershipView(request, membership) });
    },

    async labRemoveMembership(request) {
      return done(resultOf(await removeLabMembership(db, actorOf(request), request.body.group_id, request.body.member_id)));
    },

    async labUpdateGroup(request) {
      const { group_id: groupId, subscribed_plan: plan, is_locked: isLocked, subscribed_from: subscribedFrom } = request.body;
      const subscribedFromAt = subscribedFrom === undefined ? undefined : storableMoment(`${subscribedFrom}T00:00:00.000Z`);
      if (subscribedFrom !== undefined && !subscribedFromAt) {
        throw new ApiError('bad_request', "'subscribed_from' in body is not a day between the years 1 and 9999", { field: 'subscribed_from', location: 'body', rule: 'format' });
      }
      const group = resultOf(await changeLabGroup(db, actorOf(request), { groupId, plan, isLocked, subscribedFromAt }));
      return done({ group: groupView(request, group) });
    },

    async labRemoveGroup(request) {
      return done(resultOf(await removeLabGroup(db, actorOf(request), request.body.group_id)));
    },

    async labRemoveMembers(request) {
      return done(resultOf(await removeLabMembers(db, actorOf(request), request.body.group_id, request.body.role)));
    },

    async labFakeMembers(request) {
      const { group_id: groupId, count, is_banned: isBanned } = request.body;
      return done(resultOf(await fakeMembers(db, actorOf(request), { groupId, count: defaulted(count), isBanned: defaulted(isBanned) })));
    },

    async labMembersRemoval(request) {
      const { group_id: groupId, count, period } = request.body;
      return done(usageView(resultOf(await spendRemovals(db, actorOf(request), groupId, count, period))));
    },

    async labMembersRemovalReset(request) {
      return done(usageView(resultOf(await resetRemovals(db, actorOf(request), request.body.group_id))));
    },

    async labSyncSubscriptionFields(request) {
      const group = resultOf(await syncLabSubscription(db, payments, actorOf(request), request.body.group_id));
      return done({ group: groupView(request, group) });
    },

    async labUpdateSubscription(request) {
      const { group_id: groupId, status, days_left: daysLeft } = request.body;
      const group = resultOf(await changeLabSubscription(db, actorOf(request), { groupId, status, daysLeft }));
      return done({ group: groupView(request, group) });
    },

    async labRemoveSubscription(request) {
      const group = resultOf(await removeLabSubscription(db, actorOf(request), request.body.group_id));
      return done({ group: groupView(request, group) });
    },

    async labFakePosts(request) {
      return done(resultOf(await fakePosts(db, actorOf(request), request.body.group_id, defaulted(request.body.count))));
    },

    async labFakeReactions(request) {
      return done(resultOf(await fakeReactions(db, actorOf(request), request.body.group_id, defaulted(request.body.count))));
    },

    async labFakeComments(request) {
      return done(resultOf(await fakeComments(db, actorOf(request), request.body.group_id, defaulted(request.body.count))));
    },

    async labFakeMetrics(request) {
      const { group_id: groupId, days, reverse } = request.body;
      return done(resultOf(await fakeMetrics(db, actorOf(request), groupId, defaulted(days), defaulted(reverse))));
    },

    async labRemovePosts(request) {
      return done(resultOf(await removeLabPosts(db, actorOf(request), request.body.group_id)));
    },

    async labRemoveEngagements(request) {
      return done(resultOf(await removeLabEngagements(db, actorOf(request), request.body.group_id)));
    },

    async labRemoveMetrics(request) {
      return done(resultOf(await removeLabMetrics(db, actorOf(request), request.body.group_id)));
    },

    async labCreateRandomUser(request) {
      const user = await createRandomUser(db, actorOf(request), defaulted(request.body.is_supervisor));
      return done({ user: userView(request, user) });
    },

    async labCreateRandomGroup(request) {
      const group = resultOf(await createRandomGroup(db, actorOf(request), request.body.user_id));
      return done({ group: groupView(request, group) });
    },

    async labCreateRandomMember(request) {
      const membership = resultOf(await createRandomMember(db, actorOf(request), request.body.group_id, defaulted(request.body.role)));
      return done({ membership: membershipView(request, membership) });
    },

    async labRemoveAllUsers(request) {
      return done(await removeAllUsers(db, actorOf(request)));
    },

    async labRemoveAllGroups(request) {
      return done(await removeAllGroups(db, actorOf(request)));
    },

    async labRemoveAllMembers(request) {
      return done(await removeAllMembers(db, actorOf(request)));
    },

    async labSetToggle(request) {
      const { name, value } = request.body;
      if (SANDBOX_ONLY.has(name) && config.mode !== 'sandbox') {
        throw new ApiError('conflict', `${name} only exists in sandbox mode`, { reason: 'sandbox_only' });
      }
      const actor = actorOf(request);
      await db.transaction(async (tx) => {
        const before = (await readToggles(tx))[name];
        if (before === value) return;
        await setToggle(tx, name, value);
        await recordLabAction(tx, actor, { action: 'set_toggle', diff: { [name]: [before, value] } });
      });
      return done({ name, value });
    },
  };
}
