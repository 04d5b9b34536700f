import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { serverVersionsEvent, startVersionCheck } from '../../../src/app/versionCheck';
import { RELOAD_LOG_KEY } from '../../../machines/versionCheck/reloadLog';

/** Just enough of a browser window: a location, local storage and activity events. */
function fakeWindow(href: string) {
  const target = new EventTarget();
  const items = new Map<string, string>();
  const page = Object.assign(target, {
    location: { href, replace: vi.fn<(url: string) => void>() },
    localStorage: { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) },
  });
  return { window: page as unknown as Window, replace: page.location.replace, items };
}

function statusApi(appVersion: string) {
  return createApiClient({
    baseUrl: 'http://xfilter.test/api/v1',
    fetch: async () =>
      new Response(JSON.stringify({ app_version: appVersion, robot_version: '2.4.0', sandbox: true }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  });
}

describe('startVersionCheck', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reloads the page with a cache buster once a newer app is published and the user is idle', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const page = fakeWindow('https://app.xfilter.test/42/members?list=active');
    const actor = startVersionCheck({ api: statusApi('1.5.0'), runningAppVersion: '1.4.0', window: page.window, reloadExtension: vi.fn() });

    await vi.advanceTimersByTimeAsync(10_000 + 29_000);
    page.window.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(page.replace).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_000);
    await vi.runOnlyPendingTimersAsync();
    expect(page.replace).toHaveBeenCalledWith('https://app.xfilter.test/42/members?list=active&v=1.5.0');
    expect(page.items.get(RELOAD_LOG_KEY)).toBe(String(Date.now()));
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('asks the robot to reload when the server announces a newer robot than the installed one', () => {
    const page = fakeWindow('https://app.xfilter.test/');
    const reloadExtension = vi.fn();
    const actor = startVersionCheck({ api: statusApi('1.4.0'), runningAppVersion: '1.4.0', window: page.window, reloadExtension });
    actor.send({ type: 'robot.versionReported', version: '2.4.0' });
    actor.send(serverVersionsEvent({ appVersion: '1.4.0', robotVersion: '2.5.0', forceLogout: false }));
    expect(reloadExtension).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
