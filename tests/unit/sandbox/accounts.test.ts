import { describe, expect, it } from 'vitest';
import { SANDBOX_ACCOUNTS, type SandboxAccountKey } from '../../../server/sandbox/accounts';
import { SANDBOX_CONNECTED_GROUPS } from '../../../server/sandbox/connected-groups';
import { listGroupAdmins, listUserGroups, networkGroupByKey } from '../../../server/sandbox/network';
import { accountPerson } from '../../../server/sandbox/people';
import { testWorld } from './world-fixture';

const world = testWorld();
const connectedKeys = new Set(SANDBOX_CONNECTED_GROUPS.map((definition) => definition.key));

function groupsOf(key: SandboxAccountKey) {
  return listUserGroups(world, accountPerson(world, key).fb_user_id).map(({ group, role }) => ({
    key: group.key,
    role,
    connected: connectedKeys.has(group.key),
    holder: SANDBOX_CONNECTED_GROUPS.find((definition) => definition.key === group.key)?.holder,
  }));
}

describe('sandbox accounts', () => {
  it('are listed with a fixed key, name and description', () => {
    expect(SANDBOX_ACCOUNTS.map((account) => account.key)).toEqual(['ada', 'sam', 'bella', 'nora', 'otto']);
    for (const account of SANDBOX_ACCOUNTS) {
      expect(account.name).toBeTruthy();
      expect(account.description.length).toBeGreaterThan(20);
      expect(accountPerson(world, account.key).name).toBe(account.name);
    }
  });

  it('Ada holds a free, a monthly, an annual and a locked group, and admins two unconnected ones', () => {
    const held = SANDBOX_CONNECTED_GROUPS.filter((definition) => definition.holder === 'ada');
    expect(held.map((definition) => [definition.plan, definition.is_locked])).toEqual([
      ['free', false],
      ['monthly', false],
      ['annual', false],
      ['monthly', true],
    ]);
    const groups = groupsOf('ada');
    expect(groups.filter((group) => group.role === 'admin' && group.holder === 'ada')).toHaveLength(4);
    expect(groups.filter((group) => group.role === 'admin' && !group.connected)).toHaveLength(2);
    expect(networkGroupByKey(testWorld({ scale: 1 }), 'ada_annual').size).toBeGreaterThanOrEqual(20_000);
  });

  it('Sam is a supervisor holding a small group', () => {
    expect(SANDBOX_ACCOUNTS.find((account) => account.key === 'sam')?.is_supervisor).toBe(true);
    expect(groupsOf('sam')).toEqual([{ key: 'sam_lifetime', role: 'admin', connected: true, holder: 'sam' }]);
  });

  it('Bella is banned', () => {
    const bella = SANDBOX_ACCOUNTS.find((account) => account.key === 'bella')!;
    expect(bella.is_banned).toBe(true);
    expect(SANDBOX_ACCOUNTS.filter((account) => account.is_banned)).toEqual([bella]);
  });

  it('Nora holds nothing: two unconnected groups to admin, one as a subscriber, one held by Otto', () => {
    const groups = groupsOf('nora');
    expect(groups.some((group) => group.holder === 'nora')).toBe(false);
    expect(groups.filter((group) => group.role === 'admin' && !group.connected)).toHaveLength(2);
    expect(groups.filter((group) => group.role === 'subscriber' && !group.connected)).toHaveLength(1);
    expect(groups.filter((group) => group.role === 'admin' && group.holder === 'otto')).toHaveLength(1);
  });

  it('Otto holds the group in which Nora is also an admin', () => {
    const otto = groupsOf('otto');
    expect(otto).toEqual([{ key: 'otto_annual', role: 'admin', connected: true, holder: 'otto' }]);
    const admins = listGroupAdmins(world, networkGroupByKey(world, 'otto_annual').fb_group_id).map((admin) => admin.name);
    expect(admins).toEqual(expect.arrayContaining(['Otto Owner', 'Nora Newcomer']));
  });
});
