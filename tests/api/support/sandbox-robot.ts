import { expect } from 'vitest';
import type { ApiCall } from './robot-client';

/** The robot's part, played through the API: read the sandbox network, report to the ingestion calls. */

export interface ReportedGroup {
  id: number;
  fb_group_id: string;
  name: string;
  role: 'admin' | 'subscriber';
  is_acquired: boolean;
}

/** fetch_user_groups: every network group of the user, reported to POST /robot/user_groups. */
export async function reportUserGroups(call: ApiCall): Promise<ReportedGroup[]> {
  const network = await call('GET', '/sandbox/network/groups');
  expect(network.status).toBe(200);
  const reported = await call('POST', '/robot/user_groups', { payload: { groups: network.body.groups } });
  expect(reported.status).toBe(200);
  return reported.body.groups;
}

/** fetch_group_owners: the group's admins, reported to POST /robot/groups/{id}/owners. */
export async function reportOwners(call: ApiCall, group: { id: number; fb_group_id: string }) {
  const admins = await call('GET', '/sandbox/network/groups/{fb_group_id}/admins', { url: `/sandbox/network/groups/${group.fb_group_id}/admins` });
  expect(admins.status).toBe(200);
  return call('POST', '/robot/groups/{id}/owners', { url: `/robot/groups/${group.id}/owners`, payload: { admins: admins.body.admins } });
}

export async function startJob(call: ApiCall, groupId: number, name: string, args: Record<string, unknown> = {}) {
  const started = await call('POST', '/robot/groups/{id}/jobs', { url: `/robot/groups/${groupId}/jobs`, payload: { name, args: { id: groupId, ...args } } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return started.body.job.id as number;
}

export async function finishJob(call: ApiCall, jobId: number, status = 'completed') {
  const finished = await call('POST', '/robot/jobs/{job_id}/finish', { url: `/robot/jobs/${jobId}/finish`, payload: { status } });
  expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  return finished.body.job;
}

/** fetch_group_members: every page of the network's member list as one batch, progress after each, then finish. */
export async function scanMembers(call: ApiCall, group: { id: number; fb_group_id: string }, pageSize: number) {
  const jobId = await startJob(call, group.id, 'fetch_group_members');
  let cursor: string | null = null;
  let batchNo = 0;
  let seen = 0;
  do {
    const page = await call('GET', '/sandbox/network/groups/{fb_group_id}/members', {
      url: `/sandbox/network/groups/${group.fb_group_id}/members`,
      query: { limit: String(pageSize), ...(cursor ? { cursor } : {}) },
    });
    expect(page.status).toBe(200);
    const batch = await call('POST', '/robot/jobs/{job_id}/members', { url: `/robot/jobs/${jobId}/members`, payload: { batch_no: batchNo, members: page.body.members } });
    expect(batch.body).toEqual({ batch_no: batchNo, accepted: page.body.members.length, duplicate: false });
    seen += page.body.members.length;
    const progress = await call('POST', '/robot/jobs/{job_id}/progress', { url: `/robot/jobs/${jobId}/progress`, payload: { progress: seen, total: page.body.total } });
    expect(progress.status).toBe(200);
    cursor = page.body.next_cursor;
    batchNo += 1;
  } while (cursor);
  return { jobId, seen, job: await finishJob(call, jobId) };
}

export interface PostsScanOptions {
  postsBack: number;
  pageSize: number;
  reactionsPerPost: number;
  commentsPerPost: number;
}

/** fetch_group_posts by posts back: the newest posts with their reactions and comments, a page per batch. */
export async function scanPosts(call: ApiCall, group: { id: number; fb_group_id: string }, options: PostsScanOptions) {
  const jobId = await startJob(call, group.id, 'fetch_group_posts');
  const posts: any[] = [];
  let cursor: string | null = null;
  let batchNo = 0;
  do {
    const page = await call('GET', '/sandbox/network/groups/{fb_group_id}/posts', {
      url: `/sandbox/network/groups/${group.fb_group_id}/posts`,
      query: {
        limit: String(Math.min(options.pageSize, options.postsBack - posts.length)),
        reactions_per_post: String(options.reactionsPerPost),
        comments_per_post: String(options.commentsPerPost),
        ...(cursor ? { cursor } : {}),
      },
    });
    expect(page.status).toBe(200);
    const batch = await call('POST', '/robot/jobs/{job_id}/posts', { url: `/robot/jobs/${jobId}/posts`, payload: { batch_no: batchNo, posts: page.body.posts } });
    expect(batch.body).toEqual({ batch_no: batchNo, accepted: page.body.posts.length, duplicate: false });
    posts.push(...page.body.posts);
    cursor = page.body.next_cursor;
    batchNo += 1;
  } while (cursor && posts.length < options.postsBack);
  return { jobId, posts, job: await finishJob(call, jobId) };
}
