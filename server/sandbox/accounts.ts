/** The people one can sign in as in sandbox mode; each is a person of the sandbox network. */
export interface SandboxAccount {
  key: SandboxAccountKey;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  description: string;
  /** What signing in as this account lets you try. */
  role: SandboxAccountRole;
  is_supervisor: boolean;
  is_banned: boolean;
}

export type SandboxAccountRole = 'group_admin' | 'group_subscriber' | 'supervisor' | 'banned' | 'new_user';

export type SandboxAccountKey = 'ada' | 'sam' | 'bella' | 'nora' | 'otto';

export const SANDBOX_ACCOUNTS: readonly SandboxAccount[] = [
  {
    key: 'ada',
    name: 'Ada Admin',
    first_name: 'Ada',
    last_name: 'Admin',
    email: 'ada.admin@example.com',
    description:
      'Group admin with four connected groups: one free, one monthly, one annual with over 20,000 members, one locked; two more of her groups are not connected yet.',
    role: 'group_admin',
    is_supervisor: false,
    is_banned: false,
  },
  {
    key: 'sam',
    name: 'Sam Supervisor',
    first_name: 'Sam',
    last_name: 'Supervisor',
    email: 'sam.supervisor@example.com',
    description: 'Staff: sees the supervisor area and the lab, and can sign in as another user. Holds one small lifetime group.',
    role: 'supervisor',
    is_supervisor: true,
    is_banned: false,
  },
  {
    key: 'bella',
    name: 'Bella Banned',
    first_name: 'Bella',
    last_name: 'Banned',
    email: 'bella.banned@example.com',
    description: 'Banned user: sees only the banned page.',
    role: 'banned',
    is_supervisor: false,
    is_banned: true,
  },
  {
    key: 'nora',
    name: 'Nora Newcomer',
    first_name: 'Nora',
    last_name: 'Newcomer',
    email: 'nora.newcomer@example.com',
    description:
      'New user who has not finished onboarding: admin of two groups not connected yet, a subscriber of another (admin required), and co-admin of a group Otto already holds (admins to contact).',
    role: 'new_user',
    is_supervisor: false,
    is_banned: false,
  },
  {
    key: 'otto',
    name: 'Otto Owner',
    first_name: 'Otto',
    last_name: 'Owner',
    email: 'otto.owner@example.com',
    description: 'Holds the annual group in which Nora is also an admin: the admin she is asked to contact.',
    role: 'group_admin',
    is_supervisor: false,
    is_banned: false,
  },
];

/** Accounts are the first people of the network, in this order. */
export function accountPersonIndex(key: SandboxAccountKey): number {
  return SANDBOX_ACCOUNTS.findIndex((account) => account.key === key);
}
