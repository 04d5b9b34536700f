// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  createFacebookIdentity,
  FACEBOOK_SDK_URL,
  type FacebookSdk,
  type FacebookWindow,
} from '../../../src/identity/facebookIdentity';

type LoginAnswer = Parameters<Parameters<FacebookSdk['login']>[0]>[0];

/** A stand-in for window.FB that answers every login with `answer`. */
function fakeSdk(answer: LoginAnswer) {
  return {
    init: vi.fn<FacebookSdk['init']>(),
    login: vi.fn<FacebookSdk['login']>((callback) => callback(answer)),
  };
}

function pageWith(FB?: FacebookSdk): FacebookWindow {
  return { FB, document };
}

const APP_ID = '1234567890';
const granted: LoginAnswer = { status: 'connected', authResponse: { accessToken: 'EAAB-social-token' } };

describe('the Facebook sign-in', () => {
  it('initialises the SDK with the app id and asks for the email on login', async () => {
    const sdk = fakeSdk(granted);
    const identity = createFacebookIdentity(pageWith(sdk), APP_ID);

    await expect(identity.signIn()).resolves.toEqual({ kind: 'token', facebookToken: 'EAAB-social-token' });
    expect(sdk.init).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ appId: APP_ID }));
    expect(sdk.login).toHaveBeenCalledExactlyOnceWith(expect.any(Function), { scope: 'email' });
  });

  it('reports a cancelled login as a failure', async () => {
    const identity = createFacebookIdentity(pageWith(fakeSdk({ status: 'unknown', authResponse: null })), APP_ID);
    await expect(identity.signIn()).resolves.toEqual({ kind: 'failed' });
  });

  it('fails without calling the SDK when no app id is configured', async () => {
    const sdk = fakeSdk(granted);
    await expect(createFacebookIdentity(pageWith(sdk), null).signIn()).resolves.toEqual({ kind: 'failed' });
    expect(sdk.login).not.toHaveBeenCalled();
  });

  it('opens the login popup within the click once prepared, and initialises the SDK once', async () => {
    const sdk = fakeSdk(granted);
    const identity = createFacebookIdentity(pageWith(sdk), APP_ID);
    identity.prepare();
    await Promise.resolve();

    void identity.signIn();
    expect(sdk.login).toHaveBeenCalledTimes(1);
    await identity.signIn();
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('loads the SDK from connect.facebook.net when the page has none', async () => {
    const page = pageWith();
    const identity = createFacebookIdentity(page, APP_ID);
    const outcome = identity.signIn();

    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${FACEBOOK_SDK_URL}"]`);
    expect(script).not.toBeNull();
    page.FB = fakeSdk(granted);
    page.fbAsyncInit?.();
    await expect(outcome).resolves.toEqual({ kind: 'token', facebookToken: 'EAAB-social-token' });
    script?.remove();
  });

  it('fails when the SDK cannot be loaded', async () => {
    const identity = createFacebookIdentity(pageWith(), APP_ID);
    const outcome = identity.signIn();
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${FACEBOOK_SDK_URL}"]`);
    script?.onerror?.(new Event('error'));
    await expect(outcome).resolves.toEqual({ kind: 'failed' });
    script?.remove();
  });
});
