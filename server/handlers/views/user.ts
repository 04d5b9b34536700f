import type { FastifyRequest } from 'fastify';
import { effectiveUserFlags } from '../../domain/user-flags';
import type { UserRow } from '../../domain/users';
import { publicUrl } from '../../http/public-url';

/** The contract's User: never the token, never the stored settings. */
export function userView(request: FastifyRequest, user: UserRow) {
  return {
    id: user.id,
    fb_auth_user_id: user.fb_auth_user_id,
    fb_user_id: user.fb_user_id,
    fb_username: user.fb_username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    name: user.name,
    avatar_url: publicUrl(request, user.avatar_url),
    is_supervisor: user.is_supervisor,
    is_banned: user.is_banned,
    created_at: user.created_at,
    updated_at: user.updated_at,
    card_exists: user.card_exists,
    card_brand: user.card_brand,
    card_last4: user.card_last4,
    stripe_customer_id: user.stripe_customer_id,
    tapfiliate_id: user.tapfiliate_id,
    tapfiliate_password: user.tapfiliate_password,
    friendfilter_id: user.friendfilter_id,
    flags: effectiveUserFlags(user.flags),
  };
}

export function userSummaryView(request: FastifyRequest, user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    avatar_url: publicUrl(request, user.avatar_url),
    fb_user_id: user.fb_user_id,
    email: user.email,
  };
}
