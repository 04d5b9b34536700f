import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/api/client';
import { memberProfileLoaderData, userProfileLoaderData } from '../../../../src/features/superadmin/records/recordsLoaders';
import { adaMember, adaMemberProfile, adaUserProfile, adminUser, memberFixture, orphanMember } from './fixtures';

/** An API whose answers the test releases one by one, so the order of the calls can be seen. */
function pacedApi(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const waiting: Array<() => void> = [];
  const api = createApiClient({
    baseUrl: 'http://xfilter.test/api/v1',
    fetch: (request) => {
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      asked.push(path);
      return new Promise<Response>((resolve) => {
        waiting.push(() => {
          const body = answers[path];
          resolve(
            body === undefined
              ? new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: 404, headers: { 'Content-Type': 'application/json' } })
              : new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
          );
        });
      });
    },
  });
  const answerNext = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    waiting.shift()?.();
  };
  return { api, asked, answerNext };
}

const request = () => new Request('http://xfilter.test/superadmin/x');

describe('the member profile (part 2 §2)', () => {
  it('loads the member first, then the linked user once the member has come with a fb_user_id', async () => {
    const server = pacedApi({ [`/supervisor/members/${adaMember.id}`]: adaMemberProfile, [`/supervisor/users/${adminUser.id}`]: adaUserProfile });
    const loading = memberProfileLoaderData(server.api, String(adaMember.id), request());
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Nothing of a user is asked for while the member is on its way.
    expect(server.asked).toEqual([`/supervisor/members/${adaMember.id}`]);
    await server.answerNext();
    const data = await loading;
    expect(data.profile).toEqual({ kind: 'loaded', data: adaMemberProfile });
    await server.answerNext();
    expect(await data.linkedUser).toEqual({ kind: 'loaded', data: adaUserProfile });
    expect(server.asked).toEqual([`/supervisor/members/${adaMember.id}`, `/supervisor/users/${adminUser.id}`]);
  });

  it('loads no user for a member without a fb_user_id', async () => {
    const profile = { ...adaMemberProfile, member: orphanMember };
    const server = pacedApi({ [`/supervisor/members/${orphanMember.id}`]: profile });
    const loading = memberProfileLoaderData(server.api, String(orphanMember.id), request());
    await server.answerNext();
    expect((await loading).linkedUser).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.asked).toEqual([`/supervisor/members/${orphanMember.id}`]);
  });

  it('tells a member that does not exist, and asks nothing for an id that is no id', async () => {
    const server = pacedApi({});
    const loading = memberProfileLoaderData(server.api, '77', request());
    await server.answerNext();
    expect((await loading).profile).toMatchObject({ kind: 'failed', notFound: true });
    expect(await memberProfileLoaderData(server.api, 'abc', request())).toEqual({ profile: expect.objectContaining({ notFound: true }), linkedUser: null });
    expect(server.asked).toEqual(['/supervisor/members/77']);
  });

  it('shows the failure of the linked user as a value, not a broken page', async () => {
    const server = pacedApi({ [`/supervisor/members/${adaMember.id}`]: adaMemberProfile });
    const loading = memberProfileLoaderData(server.api, String(adaMember.id), request());
    await server.answerNext();
    const data = await loading;
    await server.answerNext();
    expect(await data.linkedUser).toMatchObject({ kind: 'failed', notFound: true });
  });
});

describe('the user profile (part 2 §2: the member profile in reverse)', () => {
  it('loads the user first, then the linked member once the user has come with a fb_user_id', async () => {
    const server = pacedApi({ [`/supervisor/users/${adminUser.id}`]: adaUserProfile, [`/supervisor/members/${adaMember.id}`]: adaMemberProfile });
    const loading = userProfileLoaderData(server.api, String(adminUser.id), request());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.asked).toEqual([`/supervisor/users/${adminUser.id}`]);
    await server.answerNext();
    const data = await loading;
    await server.answerNext();
    expect(await data.linkedMember).toEqual({ kind: 'loaded', data: adaMemberProfile });
    expect(server.asked).toEqual([`/supervisor/users/${adminUser.id}`, `/supervisor/members/${adaMember.id}`]);
  });

  it('loads no member for a user without a fb_user_id', async () => {
    const profile = { ...adaUserProfile, user: { ...adminUser, fb_user_id: null }, member: { id: memberFixture().id, name: 'Ada Admin', avatar_url: null } };
    const server = pacedApi({ [`/supervisor/users/${adminUser.id}`]: profile });
    const loading = userProfileLoaderData(server.api, String(adminUser.id), request());
    await server.answerNext();
    expect((await loading).linkedMember).toBeNull();
    expect(server.asked).toHaveLength(1);
  });
});
