import type { FastifyRequest } from 'fastify';
import { findUser } from '../domain/users';
import { ApiError, notFound } from '../http/errors';
import { liveSandboxWorld } from '../sandbox/live-world';
import {
  findGroupMember,
  findNetworkGroup,
  listGroupAdmins,
  listGroupMembers,
  listGroupPosts,
  listUserGroups,
  SandboxCursorError,
  type NetworkMember,
  type SandboxWorld,
} from '../sandbox/network';
import { countRemovedMembers, isRemovedFrom, readGroupsRemovedFrom, readRemovedMembers, storeRemovals } from '../sandbox/network-removals';
import { findPerson } from '../sandbox/people';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { networkAdminView, networkGroupView, networkMemberView, networkPostView } from './views/network';

interface GroupReading {
  world: SandboxWorld;
  fbGroupId: string;
  /** The signed-in person as a member of the group. */
  reader: NetworkMember;
}

const NOT_IN_GROUP = 'No such group on the network, or you are not in it';

/** A page of the network; a cursor it never gave out is the caller's mistake, named as such. */
function readPage<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SandboxCursorError)) throw error;
    throw new ApiError('bad_request', "'cursor' in query is not a cursor this network gave out", { field: 'cursor', location: 'query', rule: 'cursor' });
  }
}

/** The sandbox social network read (and moderated) as the signed-in person, whose fb_user_id is who they are there. */
export function sandboxNetworkHandlers({ db, config, now }: HandlerContext): HandlerGroup {
  const worldNow = liveSandboxWorld(config, now);

  async function readerId(request: FastifyRequest): Promise<string | null> {
    return (await findUser(db, callerOf(request).userId))?.fb_user_id ?? null;
  }

  /** 404 unless the group exists and the reader is (still) in it. */
  async function readGroup(request: FastifyRequest<{ Params: { fb_group_id: string } }>): Promise<GroupReading> {
    const { fb_group_id: fbGroupId } = request.params;
    const fbUserId = await readerId(request);
    const world = worldNow();
    const reader = fbUserId === null ? undefined : findGroupMember(world, fbGroupId, fbUserId);
    if (!reader || (await isRemovedFrom(db, fbGroupId, reader.fb_user_id))) throw notFound(NOT_IN_GROUP);
    return { world, fbGroupId, reader };
  }

  return {
    async listSandboxNetworkGroups(request) {
      const fbUserId = await readerId(request);
      if (fbUserId === null) return { groups: [] };
      const removedFrom = await readGroupsRemovedFrom(db, fbUserId);
      const memberships = listUserGroups(worldNow(), fbUserId).filter(({ group }) => !removedFrom.has(group.fb_group_id));
      const removedCounts = await countRemovedMembers(db, memberships.map(({ group }) => group.fb_group_id));
      return {
        groups: memberships.map(({ group, role }) =>
          networkGroupView(request, group, role, group.size - (removedCounts.get(group.fb_group_id) ?? 0)),
        ),
      };
    },

    async listSandboxNetworkGroupAdmins(request) {
      const { world, fbGroupId } = await readGroup(request);
      const removed = await readRemovedMembers(db, fbGroupId);
      return {
        admins: listGroupAdmins(world, fbGroupId)
          .filter((admin) => !removed.has(admin.fb_user_id))
          .map((admin) => networkAdminView(request, admin)),
      };
    },

    async listSandboxNetworkGroupMembers(request) {
      const { world, fbGroupId } = await readGroup(request);
      const query = request.query;
      const removed = await readRemovedMembers(db, fbGroupId);
      const page = readPage(() => listGroupMembers(world, fbGroupId, { cursor: query.cursor, limit: query.limit ?? 100, removed }));
      return {
        members: page.items.map((member) => networkMemberView(request, member)),
        next_cursor: page.next_cursor,
        total: findNetworkGroup(world, fbGroupId)!.size - removed.size,
      };
    },

    async listSandboxNetworkGroupPosts(request) {
      const { world, fbGroupId } = await readGroup(request);
      const query = request.query;
      const page = readPage(() =>
        listGroupPosts(world, fbGroupId, {
          cursor: query.cursor,
          limit: query.limit ?? 10,
          reactionsPerPost: query.reactions_per_post ?? 100,
          commentsPerPost: query.comments_per_post ?? 50,
        }),
      );
      return {
        posts: page.items.map((post) => networkPostView(request, post, findPerson(world, post.author_fb_user_id)!)),
        next_cursor: page.next_cursor,
      };
    },

    async removeSandboxNetworkGroupMembers(request) {
      const { world, fbGroupId, reader } = await readGroup(request);
      if (reader.role !== 'admin') throw new ApiError('conflict', 'Only an admin of the group can remove its members', { reason: 'not_admin' });
      const asked = [...new Set(request.body.fb_user_ids)];
      const inGroup = asked.filter((fbUserId) => findGroupMember(world, fbGroupId, fbUserId) !== undefined);
      const removed = new Set(await storeRemovals(db, fbGroupId, inGroup, now()));
      return {
        removed: asked.filter((fbUserId) => removed.has(fbUserId)),
        not_found: asked.filter((fbUserId) => !removed.has(fbUserId)),
      };
    },
  };
}
