import type { ApiClient } from '../../api/client';
import type { components } from '../../api/schema';

type User = components['schemas']['User'];

/**
 * Saves welcome_page_seen (POST /flags) and answers the user with the flag set. When saving fails
 * the flag is still set in this session, so home cannot send the user back here in a loop.
 */
export async function markWelcomeSeen(api: ApiClient, user: User): Promise<User> {
  const locally = { ...user, flags: { ...user.flags, welcome_page_seen: true } };
  try {
    const { data } = await api.POST('/flags', { body: { flags: { welcome_page_seen: true } } });
    return data ? { ...user, flags: data.flags } : locally;
  } catch {
    return locally;
  }
}
