import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../db/connect';
import { groups, members } from '../db/schema';
import { renderSandboxAvatarSvg, renderSandboxPictureSvg, SANDBOX_IMAGE_PATH } from './avatars';

const ONE_DAY = 'public, max-age=86400';

async function nameOf(db: AppDb, fbId: string): Promise<string> {
  const [member] = await db.select({ name: members.name }).from(members).where(eq(members.fb_user_id, fbId)).limit(1);
  if (member) return member.name;
  const [group] = await db.select({ name: groups.name }).from(groups).where(eq(groups.fb_group_id, fbId)).limit(1);
  return group?.name ?? '?';
}

/** The sandbox world's avatars and post pictures, drawn on request (they are images, not API calls). */
export function registerSandboxImageRoutes(app: FastifyInstance, db: AppDb): void {
  const params = { type: 'object', required: ['fbId'], properties: { fbId: { type: 'string', pattern: '^[0-9]+\\.svg$', maxLength: 40 } } };
  app.get<{ Params: { fbId: string } }>(`${SANDBOX_IMAGE_PATH}/avatar/:fbId`, { schema: { params } }, async (request, reply) => {
    const fbId = request.params.fbId.replace(/\.svg$/, '');
    return reply.type('image/svg+xml').header('cache-control', ONE_DAY).send(renderSandboxAvatarSvg(fbId, await nameOf(db, fbId)));
  });
  app.get<{ Params: { fbId: string } }>(`${SANDBOX_IMAGE_PATH}/picture/:fbId`, { schema: { params } }, async (request, reply) => {
    const fbPostId = request.params.fbId.replace(/\.svg$/, '');
    return reply.type('image/svg+xml').header('cache-control', ONE_DAY).send(renderSandboxPictureSvg(fbPostId));
  });
}
