// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../../machines/session/sessionStore';
import type { FacebookSdk } from '../../../src/identity/facebookIdentity';
import { startLogin } from '../../../src/boot/loginBoot';
import { adminUser, statusFixture } from '../support/sessionFixtures';
import { memoryStorage } from './support/appHarness';
import { BASE_URL, createFakeServer, type FakeServer } from './support/fakeServer';

const ada = { account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' as const }, user: adminUser, groups: [] };

/** A page at `path` whose address and history a test reads, with the social network's SDK answering `facebookToken`. */
function pageAt(path: string, facebookToken: string | null) {
  window.history.replaceState(null, '', path);
  const sdk: FacebookSdk = {
    init: () => {},
    login: (callback) => callback({ status: 'connected', authResponse: facebookToken ? { accessToken: facebookToken } : null }),
  };
  return Object.assign(window, { FB: sdk });
}

function boot(server: FakeServer, path: string, options: { facebookToken?: string | null; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const rootElement = document.body.appendChild(document.createElement('div'));
  const startApp = vi.fn();
  const storage = options.storage ?? memoryStorage();
  const started = startLogin({
    rootElement,
    baseUrl: BASE_URL,
    storage,
    page: pageAt(path, options.facebookToken ?? null),
    config: { facebookAppId: 'app-1', supportEmail: 'help@xfilter.test' },
    runningAppVersion: '0.1.0',
    fetch: server.fetch,
    startApp,
  });
  return { startApp, storage, rootElement, started };
}

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as { FB?: FacebookSdk }).FB;
});

describe('the login page of a signed-out visitor, without the app', () => {
  it('shows the login page at /auth/login wherever the visitor landed, the button waiting for the terms', async () => {
    const { storage, startApp } = boot(createFakeServer([ada]), '/12345/dashboard');
    const button = await screen.findByRole('button', { name: 'Sign in with Facebook' });
    expect(window.location.pathname).toBe('/auth/login');
    expect(button).toBeDisabled();
    expect(screen.getByText('xFilter 0.1.0')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    // Signing in also waits for the session to have started, which a busy machine takes a moment to do.
    await waitFor(() => expect(button).toBeEnabled());
    expect(storage.items.get(SESSION_KEYS.termsAccepted)).toBe('1');
    expect(startApp).not.toHaveBeenCalled();
  });

  it('says Coming soon! while sign-in is closed', async () => {
    boot(createFakeServer([ada], statusFixture({ features: { ...statusFixture().features, login_disabled: true } })), '/auth/login');
    expect(await screen.findByText('Coming soon!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Facebook' })).toBeNull();
  });

  it('hands over to the app on the sandbox account picker, the terms remembered', async () => {
    const { startApp, storage, rootElement } = boot(createFakeServer([ada]), '/auth/login');
    fireEvent.click(await screen.findByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Facebook' }));
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/auth/sandbox');
    expect(storage.items.get(SESSION_KEYS.termsAccepted)).toBe('1');
    expect(rootElement).toBeEmptyDOMElement();
  });

  it('signs in with the social network, stores the session and hands over to the app at home', async () => {
    const server = createFakeServer([ada], statusFixture({ sandbox: false }));
    const { startApp, storage } = boot(server, '/auth/login', { facebookToken: 'fb-ada' });
    fireEvent.click(await screen.findByLabelText(/I accept the terms/));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in with Facebook' })));
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/');
    expect(storage.items.get(SESSION_KEYS.token)).toMatch(/^token-ada-/);
    expect(new Set(server.requests.map(({ method, path }) => `${method} ${path}`))).toEqual(new Set(['GET /status', 'POST /session']));
  });

  it('shows the failure when the social network gives no token, and stays', async () => {
    const { startApp } = boot(createFakeServer([ada], statusFixture({ sandbox: false })), '/auth/login', { facebookToken: null });
    fireEvent.click(await screen.findByLabelText(/I accept the terms/));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in with Facebook' })));
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(window.location.pathname + window.location.search).toBe('/auth/login?success=false');
  });

  it('hands over to the app, which tells what went wrong, when the server cannot be reached', async () => {
    const server = createFakeServer([ada]);
    server.override(() => Promise.reject(new TypeError('Failed to fetch')));
    const { startApp, started } = boot(server, '/auth/login');
    await started;
    expect(startApp).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/auth/login');
  });
});
