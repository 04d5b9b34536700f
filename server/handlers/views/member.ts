import type { FastifyRequest } from 'fastify';
import { publicUrl } from '../../http/public-url';

export function memberSummaryView(
  request: FastifyRequest,
  member: { id: number; name: string; avatar_url: string | null; fb_user_id: string | null },
) {
  return { id: member.id, name: member.name, avatar_url: publicUrl(request, member.avatar_url), fb_user_id: member.fb_user_id };
}
