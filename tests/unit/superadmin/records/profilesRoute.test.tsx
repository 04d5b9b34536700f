// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubResizeObserverForSuite } from '../../../support/resize-observer';
import { adaMember, adaMemberProfile, adaUserProfile, adminUser, annualGroup, annualGroupProfile, orphanMember } from './fixtures';
import { openAsSupervisor, type Answer } from './recordsApp';

stubResizeObserverForSuite();

/** The profiles as the server keeps them: a user PATCH changes the user it answers afterwards. */
function profilesServer(options: { refuseUserPatch?: string } = {}) {
  let user = adminUser;
  let group = annualGroup;
  const answer: Answer = (server, url, request) => {
    const path = url.pathname.replace('/api/v1', '');
    if (request.method === 'PATCH' && path === `/supervisor/users/${adminUser.id}`) {
      if (options.refuseUserPatch) return server.failure(409, 'conflict', options.refuseUserPatch);
      return request
        .clone()
        .json()
        .then((body: Partial<typeof adminUser>) => {
          user = { ...user, ...body, flags: { ...user.flags, ...body.flags }, updated_at: '2026-03-01T10:00:00.000Z' };
          return server.json({ user });
        });
    }
    if (request.method === 'PATCH' && path === `/supervisor/groups/${annualGroup.id}`) {
      return request
        .clone()
        .json()
        .then((body: Partial<typeof annualGroup>) => {
          group = { ...group, ...body, updated_at: '2026-03-01T10:00:00.000Z' };
          return server.json({ group });
        });
    }
    if (path === `/supervisor/members/${adaMember.id}`) return server.json(adaMemberProfile);
    if (path === `/supervisor/members/${orphanMember.id}`) return server.json({ member: orphanMember, memberships: [], user: null });
    if (path === `/supervisor/users/${adminUser.id}`) return server.json({ ...adaUserProfile, user });
    if (path === `/supervisor/groups/${annualGroup.id}`) return server.json({ ...annualGroupProfile, group });
    if (path.startsWith('/supervisor/')) return server.failure(404, 'not_found', 'Not found.');
    return undefined;
  };
  return answer;
}

describe('the member profile', () => {
  it('shows the member, then the linked user, and follows the link to the user profile', async () => {
    const app = openAsSupervisor(`/superadmin/members/${adaMember.id}`, profilesServer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Admin' })).toBeInTheDocument();
    const linked = screen.getByRole('region', { name: 'Linked user' });
    expect(await within(linked).findByText('Supervisor')).toBeInTheDocument();
    expect(app.callsTo('GET', `/supervisor/users/${adminUser.id}`)).toHaveLength(1);
    const groups = screen.getByRole('region', { name: 'Groups' });
    expect(within(groups).getByRole('link', { name: 'Trail Runners Worldwide' })).toHaveAttribute('href', `/superadmin/groups/${annualGroup.id}`);
    fireEvent.click(within(linked).getByRole('link', { name: 'Ada Admin' }));
    await waitFor(() => expect(app.pathname()).toBe(`/superadmin/users/${adminUser.id}`));
    expect(await screen.findByRole('form', { name: 'Edit user' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Linked member' })).getByRole('link', { name: 'Ada Admin' })).toHaveAttribute(
      'href',
      `/superadmin/members/${adaMember.id}`,
    );
  });

  it('asks for no user when the member has no Facebook profile id', async () => {
    const app = openAsSupervisor(`/superadmin/members/${orphanMember.id}`, profilesServer());
    expect(await screen.findByText('No Facebook profile id yet, so no user to link.')).toBeInTheDocument();
    expect(app.asked.filter((call) => call.url.pathname.startsWith('/api/v1/supervisor/users'))).toHaveLength(0);
  });

  it('says when there is no such member', async () => {
    openAsSupervisor('/superadmin/members/999', profilesServer());
    expect(await screen.findByText('The member was not found.')).toBeInTheDocument();
  });
});

describe('editing a user', () => {
  it('saves only the fields changed in one PATCH, toasts, and shows the user as saved', async () => {
    const app = openAsSupervisor(`/superadmin/users/${adminUser.id}`, profilesServer());
    const form = await screen.findByRole('form', { name: 'Edit user' });
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(within(form).getByLabelText(/Facebook username/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Robot training' }));
    fireEvent.click(save);
    expect(await screen.findByText('Ada Admin saved.')).toBeInTheDocument();
    expect(app.bodiesTo('PATCH', `/supervisor/users/${adminUser.id}`)).toEqual([{ fb_username: null, flags: { robot_training: true } }]);
    const details = screen.getByRole('region', { name: 'Details' });
    await waitFor(() => expect(within(details).getByText('Facebook username').nextElementSibling).toHaveTextContent('—'));
    expect(within(screen.getByRole('form', { name: 'Edit user' })).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows what is wrong before sending anything', async () => {
    const app = openAsSupervisor(`/superadmin/users/${adminUser.id}`, profilesServer());
    const form = await screen.findByRole('form', { name: 'Edit user' });
    const email = within(form).getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'ada@nowhere' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please Enter Valid Email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(app.bodiesTo('PATCH', `/supervisor/users/${adminUser.id}`)).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    openAsSupervisor(`/superadmin/users/${adminUser.id}`, profilesServer({ refuseUserPatch: 'This Facebook profile id belongs to another user.' }));
    const form = await screen.findByRole('form', { name: 'Edit user' });
    fireEvent.change(within(form).getByLabelText(/Facebook profile id/), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Not saved: This Facebook profile id belongs to another user.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Facebook profile id/)).toHaveValue('123');
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent(adminUser.fb_user_id!);
  });
});

describe('the group profile', () => {
  it('shows the group with its holders, admins and counts, links onward, and saves a change', async () => {
    const app = openAsSupervisor(`/superadmin/groups/${annualGroup.id}`, profilesServer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Trail Runners Worldwide' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Held by' })).getByRole('link', { name: 'Ada Admin' })).toHaveAttribute('href', `/superadmin/users/${adminUser.id}`);
    expect(within(screen.getByRole('region', { name: 'Admins' })).getByRole('link', { name: 'Ada Admin' })).toHaveAttribute('href', `/superadmin/members/${adaMember.id}`);
    expect(screen.getByRole('link', { name: 'Its members' })).toHaveAttribute('href', `/superadmin/members?group_id=${annualGroup.id}`);
    expect(screen.getByRole('region', { name: 'Members and data' })).toHaveTextContent('1,200');
    const form = screen.getByRole('form', { name: 'Edit group' });
    fireEvent.change(within(form).getByLabelText('Plan'), { target: { value: 'once' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Locked' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trail Runners Worldwide saved.')).toBeInTheDocument();
    expect(app.bodiesTo('PATCH', `/supervisor/groups/${annualGroup.id}`)).toEqual([{ subscribed_plan: 'once', is_locked: true }]);
    // The group as saved: its plan badge and the LOCKED warning.
    const page = screen.getByRole('region', { name: 'Trail Runners Worldwide' });
    expect(await within(page).findByText('LOCKED', { selector: '.p-tag-value' })).toBeInTheDocument();
    expect(within(page).getByText('Lifetime', { selector: '.p-tag-value' })).toBeInTheDocument();
  });
});
