import type { FastifyRequest } from 'fastify';
import type { MembershipRole } from '../db/enums';
import type { ScannedPerson } from '../domain/network-people';
import { storedImageUrl } from '../http/public-url';

/** The robot's bodies as the contract shapes them (NetworkGroup, NetworkAdmin, NetworkMember). */
export interface NetworkPersonBody {
  fb_user_id: string;
  name: string;
  fb_username?: string | null;
  avatar_url?: string | null;
  bio?: string | null;
  is_banned?: boolean;
  role?: MembershipRole;
}

export interface NetworkGroupBody {
  fb_group_id: string;
  fb_slug?: string | null;
  name: string;
  avatar_url?: string | null;
  role: MembershipRole;
}

/** A person with our own image URLs turned back into the paths we store. */
export function scannedPerson<T extends NetworkPersonBody>(request: FastifyRequest, person: T): T & ScannedPerson {
  return person.avatar_url === undefined ? person : { ...person, avatar_url: storedImageUrl(request, person.avatar_url) };
}
