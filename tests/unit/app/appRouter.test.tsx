// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentGroupKey } from '../../../src/app/currentGroupMemory';
import { SESSION_KEYS } from '../../../machines/session/sessionStore';
import {
  adminUser,
  bannedUser,
  freeGroup,
  groupFixture,
  lockedGroup,
  monthlyGroup,
  newcomerUser,
  statusFixture,
  supervisorUser,
} from '../support/sessionFixtures';
import { memoryStorage, renderApp, signedInStorage } from './support/appHarness';
import { createFakeServer, type FakeAccount } from './support/fakeServer';

const supervisorGroup = groupFixture({ id: 9, fb_group_id: '9900000000000009', name: 'Weekend Woodworkers', subscribed_plan: 'once' });

function accounts(): FakeAccount[] {
  return [
    { account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' }, user: adminUser, groups: [freeGroup, monthlyGroup, lockedGroup] },
    { account: { id: 'bella', name: 'Bella Banned', description: 'Banned.', role: 'banned' }, user: bannedUser, groups: [] },
    { account: { id: 'nora', name: 'Nora Newcomer', description: 'New user.', role: 'new_user' }, user: newcomerUser, groups: [] },
    { account: { id: 'sam', name: 'Sam Supervisor', description: 'Staff.', role: 'supervisor' }, user: supervisorUser, groups: [supervisorGroup] },
  ];
}

function signedInAs(accountId: string, path: string, status = statusFixture()) {
  const server = createFakeServer(accounts(), status);
  const token = server.signIn(accountId);
  const app = renderApp({ server, path, storage: signedInStorage(token) });
  return { server, token, ...app };
}

const dashboardOf = (group: { fb_group_id: string }) => `/${group.fb_group_id}/dashboard`;

describe('signing in', () => {
  it('sends a visitor to the login page, where the button waits for the terms', async () => {
    const server = createFakeServer(accounts());
    const app = renderApp({ server, path: '/' });
    const button = await screen.findByRole('button', { name: 'Sign in with Facebook' });
    expect(app.pathname()).toBe('/auth/login');
    expect(button).toBeDisabled();

    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    // Signing in also waits for the session to have started, which a busy machine takes a moment to do.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeEnabled());
    expect(app.storage.items.get(SESSION_KEYS.termsAccepted)).toBe('1');
  });

  it('signs in through the sandbox account picker and opens the first group', async () => {
    const server = createFakeServer(accounts());
    const app = renderApp({ server, path: '/auth/login', storage: memoryStorage({ [SESSION_KEYS.termsAccepted]: '1' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Facebook' }));

    fireEvent.click(await screen.findByRole('button', { name: /Ada Admin/ }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe(dashboardOf(freeGroup));
    expect(app.storage.items.get(SESSION_KEYS.token)).toMatch(/^token-ada-/);
    expect(server.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(['POST /sandbox/sign_in', 'POST /session', 'GET /groups']),
    );
  });

  it('sends the account picker back to login while the terms are not ticked', async () => {
    const app = renderApp({ server: createFakeServer(accounts()), path: '/auth/sandbox' });
    expect(await screen.findByRole('button', { name: 'Sign in with Facebook' })).toBeDisabled();
    expect(app.pathname()).toBe('/auth/login');
  });

  it('shows the login error after a refused sign-in', async () => {
    const server = createFakeServer(accounts());
    server.override((request) =>
      new URL(request.url).pathname.endsWith('/session') && request.method === 'POST'
        ? server.failure(401, 'unauthorized', 'The token is not valid.')
        : undefined,
    );
    const app = renderApp({ server, path: '/auth/sandbox', storage: memoryStorage({ [SESSION_KEYS.termsAccepted]: '1' }) });
    fireEvent.click(await screen.findByRole('button', { name: /Ada Admin/ }));
    expect(await screen.findByText('Signing in with Facebook did not work. Please try again.')).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('?success=false');
  });

  it("says 'Coming soon!' when sign-in is switched off", async () => {
    const status = statusFixture();
    renderApp({ server: createFakeServer(accounts(), { ...status, features: { ...status.features, login_disabled: true } }), path: '/' });
    expect(await screen.findByText('Coming soon!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Facebook' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user away from the login page', async () => {
    const app = signedInAs('ada', '/auth/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe(dashboardOf(freeGroup));
  });
});

describe('home', () => {
  it('opens the remembered group when the user still holds it', async () => {
    const server = createFakeServer(accounts());
    const storage = signedInStorage(server.signIn('ada'), { [currentGroupKey(adminUser.id)]: monthlyGroup.fb_group_id });
    const app = renderApp({ server, path: '/', storage });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.pathname()).toBe(dashboardOf(monthlyGroup));
  });

  it('shows the welcome page once, then onboarding for a user without groups', async () => {
    const app = signedInAs('nora', '/');
    expect(await screen.findByRole('heading', { name: 'Welcome to xFilter, Nora!' })).toBeInTheDocument();
    expect(app.server.requests).toContainEqual({ method: 'POST', path: '/flags', body: { flags: { welcome_page_seen: true } } });

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // The sandbox robot answers, so the wizard moves on to the first step not done yet.
    expect(await screen.findByRole('heading', { name: 'Scan Groups' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/onboarding/groups');

    act(() => void app.router.navigate('/welcome'));
    await waitFor(() => expect(app.pathname()).toBe('/onboarding/groups'));
  });
});

describe('banned users', () => {
  it('see only the banned page, with a support address and logout', async () => {
    const app = signedInAs('bella', '/support');
    expect(await screen.findByText('Your account has been flagged for policy violations.')).toBeInTheDocument();
    expect(app.pathname()).toBe('/banned');
    expect(screen.getByRole('link', { name: 'help@xfilter.test' })).toHaveAttribute('href', 'mailto:help@xfilter.test');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign in with Facebook' })).toBeInTheDocument();
    expect(app.server.isOpen(app.token)).toBe(false);
    expect(app.storage.items.has(SESSION_KEYS.token)).toBe(false);
  });

  it('is not a page for anyone else', async () => {
    const app = signedInAs('ada', '/banned');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.pathname()).toBe(dashboardOf(freeGroup));
  });
});

describe('group routes', () => {
  it("open the dashboard from the group root and become the user's current group", async () => {
    const app = signedInAs('ada', `/${monthlyGroup.fb_group_id}`);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.pathname()).toBe(dashboardOf(monthlyGroup));
    expect(app.storage.items.get(currentGroupKey(adminUser.id))).toBe(monthlyGroup.fb_group_id);
  });

  it("toast 'Group not found!' and go home for a group that is not the user's", async () => {
    const app = signedInAs('ada', '/5550001/posts');
    expect(await screen.findByText('Group not found!')).toBeInTheDocument();
    expect(screen.getByText('Uh oh! Error happens!')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe(dashboardOf(freeGroup)));
  });

  it('go home quietly when the id is not digits', async () => {
    const app = signedInAs('ada', '/not-a-group/posts');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.pathname()).toBe(dashboardOf(freeGroup));
    expect(screen.queryByText('Group not found!')).not.toBeInTheDocument();
  });

  it('open connections only for paid groups that are not locked', async () => {
    const paid = signedInAs('ada', `/${monthlyGroup.fb_group_id}/connections`);
    await screen.findByRole('heading', { name: 'Connections: Stripe' });
    expect(paid.pathname()).toBe(`/${monthlyGroup.fb_group_id}/connections/stripe`);

    act(() => void paid.router.navigate(`/${lockedGroup.fb_group_id}/connections`));
    await waitFor(() => expect(paid.pathname()).toBe(dashboardOf(lockedGroup)));
  });

  it.each([
    ['free', freeGroup, 'connections'],
    ['free', freeGroup, 'connections/stripe'],
    ['locked', lockedGroup, 'connections'],
    ['locked', lockedGroup, 'connections/stripe'],
  ])('send a %s group home from /%s', async (_kind, group, page) => {
    const app = signedInAs('ada', `/${group.fb_group_id}/${page}`);
    await waitFor(() => expect(app.pathname()).toBe(dashboardOf(group)));
    expect(screen.queryByRole('heading', { name: /^Connections/ })).not.toBeInTheDocument();
  });

  it('check the group again on every update of the connections route, a move from one group to another included', async () => {
    const app = signedInAs('ada', `/${monthlyGroup.fb_group_id}/connections/stripe`);
    await screen.findByRole('heading', { name: 'Connections: Stripe' });

    act(() => void app.router.navigate(`/${lockedGroup.fb_group_id}/connections/stripe`));
    await waitFor(() => expect(app.pathname()).toBe(dashboardOf(lockedGroup)));
  });

  it('open the default members list for an unknown list', async () => {
    const app = signedInAs('ada', `/${freeGroup.fb_group_id}/members/everyone`);
    await screen.findByRole('heading', { name: 'Members' });
    expect(app.pathname()).toBe(`/${freeGroup.fb_group_id}/members/active`);
  });
});

describe('guarded pages', () => {
  it('keep non-supervisors out of the supervisor area', async () => {
    const app = signedInAs('ada', '/superadmin/users');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.pathname()).toBe(dashboardOf(freeGroup));
  });

  it('open the supervisor monitor for supervisors', async () => {
    const app = signedInAs('sam', '/superadmin');
    expect(await screen.findByRole('heading', { name: 'Monitor' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/superadmin/monitor');
  });

  it('send home from affiliates when the referral programme is off', async () => {
    const status = statusFixture();
    const app = signedInAs('ada', '/affiliates', { ...status, features: { ...status.features, affiliates_enabled: false } });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.pathname()).toBe(dashboardOf(freeGroup));
  });

  it('send unknown paths home', async () => {
    const app = signedInAs('ada', '/no/such/page');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.pathname()).toBe(dashboardOf(freeGroup));
  });
});

describe('the session', () => {
  it('takes a token link, loads its user and follows the redirect', async () => {
    const server = createFakeServer(accounts());
    const token = server.signIn('ada');
    const app = renderApp({ server, path: `/auth/token/${token}?redirect=/support` });
    expect(await screen.findByRole('heading', { name: 'Help & Support' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/support');
    expect(app.storage.items.get(SESSION_KEYS.token)).toBe(token);
    expect(app.storage.items.get(SESSION_KEYS.backUrl)).toBe('/support');
  });

  it('logs out on /logout and opens the login page', async () => {
    const app = signedInAs('ada', '/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => void app.router.navigate('/logout'));
    expect(await screen.findByRole('button', { name: 'Sign in with Facebook' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/auth/login');
    expect(app.server.isOpen(app.token)).toBe(false);
  });

  it('ends when a response says X-Force-Logout', async () => {
    const app = signedInAs('ada', '/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    app.server.override((request) =>
      request.url.endsWith('/status') ? app.server.json(statusFixture(), 200, { 'X-Force-Logout': '1' }) : undefined,
    );
    act(() => void app.router.navigate('/affiliates'));
    expect(await screen.findByRole('button', { name: 'Sign in with Facebook' })).toBeInTheDocument();
    expect(app.storage.items.has(SESSION_KEYS.token)).toBe(false);
  });

  it('ends when the groups call answers 401', async () => {
    const server = createFakeServer(accounts());
    server.override((request) => (request.url.endsWith('/groups') ? server.failure(401, 'unauthorized', 'Revoked.') : undefined));
    const app = renderApp({ server, path: '/', storage: signedInStorage(server.signIn('ada')) });
    expect(await screen.findByRole('button', { name: 'Sign in with Facebook' })).toBeInTheDocument();
    expect(app.storage.items.has(SESSION_KEYS.token)).toBe(false);
  });

  it('asks for the groups while the server confirms the stored session, not after its answer', async () => {
    const server = createFakeServer(accounts());
    let release!: () => void;
    const sessionAnswer = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    server.override((request) => {
      if (answered || !request.url.endsWith('/session')) return undefined;
      return sessionAnswer.then(() => {
        answered = true;
        return server.fetch(request);
      });
    });
    renderApp({ server, path: dashboardOf(monthlyGroup), storage: signedInStorage(server.signIn('ada')) });
    await waitFor(() => expect(server.requests.filter((request) => request.path === '/groups')).toHaveLength(1));
    release();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.requests.filter((request) => request.path === '/groups')).toHaveLength(1);
  });

  it('offers a retry when the server cannot restore the session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer(accounts());
    let down = true;
    server.override((request) =>
      down && request.url.endsWith('/session') ? server.failure(500, 'internal', 'Something went wrong.') : undefined,
    );
    renderApp({ server, path: '/', storage: signedInStorage(server.signIn('ada')) });
    expect(await screen.findByRole('heading', { name: 'The xFilter server is not available' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    warn.mockRestore();
  });

  it("brings a supervisor back to their own account and page from the switch banner", async () => {
    const server = createFakeServer(accounts());
    const supervisorToken = server.signIn('sam');
    const switchedToken = server.switchSession('ada', supervisorToken);
    const storage = signedInStorage(switchedToken, {
      [SESSION_KEYS.previousToken]: supervisorToken,
      [SESSION_KEYS.returnUrl]: '/superadmin/users',
      [SESSION_KEYS.switched]: '1',
    });
    const app = renderApp({ server, path: '/', storage });
    expect(await screen.findByText('Be careful, all your actions will be performed on behalf of Ada Admin!')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to admin account' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/superadmin/users');
    expect(storage.items.get(SESSION_KEYS.token)).toBe(supervisorToken);
    expect(storage.items.has(SESSION_KEYS.switched)).toBe(false);
    expect(screen.queryByText(/Be careful/)).not.toBeInTheDocument();
  });

  it('switches a supervisor into a user and shows the banner', async () => {
    const app = signedInAs('sam', '/support');
    await screen.findByRole('heading', { name: 'Help & Support' });
    act(() => app.session.send({ type: 'session.switchToUser', userId: adminUser.id, returnUrl: '/superadmin/users/7' }));
    expect(await screen.findByText('Be careful, all your actions will be performed on behalf of Ada Admin!')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe(dashboardOf(freeGroup)));
    expect(app.storage.items.get(SESSION_KEYS.previousToken)).toBe(app.token);
    expect(app.storage.items.get(SESSION_KEYS.returnUrl)).toBe('/superadmin/users/7');
  });
});

describe('the support form', () => {
  it('validates, sends the request and confirms', async () => {
    const app = signedInAs('ada', '/support');
    const send = await screen.findByRole('button', { name: 'Send' });
    expect(screen.getByLabelText('Your email')).toHaveValue(adminUser.email);

    fireEvent.click(send);
    expect(await screen.findByText('Please enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Please tell us how we can help.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Cancel my subscription' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Please cancel the plan of my bees group.' } });
    fireEvent.click(send);
    expect(await screen.findByText('Thank you, your request is on its way.')).toBeInTheDocument();
    expect(app.server.requests).toContainEqual({
      method: 'POST',
      path: '/support/tickets',
      body: { subject: 'Cancel my subscription', message: 'Please cancel the plan of my bees group.', email: adminUser.email },
    });
  });
});
