import type { IdentityAdapter, IdentityOutcome } from './types';

export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
export const FACEBOOK_GRAPH_VERSION = 'v19.0';

interface FacebookLoginResponse {
  status: string;
  authResponse?: { accessToken?: string } | null;
}

/** The part of the Facebook JS SDK the sign-in uses. */
export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean; status: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: { scope: string }): void;
}

export interface FacebookWindow {
  FB?: FacebookSdk;
  fbAsyncInit?: () => void;
  document: Document;
}

/** Adds the SDK's script once; the SDK calls `fbAsyncInit` when it is ready. */
function loadSdk(page: FacebookWindow): Promise<FacebookSdk> {
  if (page.FB) return Promise.resolve(page.FB);
  return new Promise((resolve, reject) => {
    page.fbAsyncInit = () => (page.FB ? resolve(page.FB) : reject(new Error('the Facebook SDK did not define FB')));
    const script = page.document.createElement('script');
    script.src = FACEBOOK_SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => reject(new Error('the Facebook SDK could not be loaded'));
    page.document.head.appendChild(script);
  });
}

function logIn(sdk: FacebookSdk): Promise<IdentityOutcome> {
  return new Promise((resolve) => {
    sdk.login(
      (response) => {
        const facebookToken = response.authResponse?.accessToken;
        resolve(facebookToken ? { kind: 'token', facebookToken } : { kind: 'failed' });
      },
      { scope: 'email' },
    );
  });
}

/** The real sign-in: the Facebook JS SDK's login popup, asking for the user's email. */
export function createFacebookIdentity(page: FacebookWindow, appId: string | null): IdentityAdapter {
  let ready: Promise<FacebookSdk> | null = null;
  let initialised: FacebookSdk | null = null;
  const prepareSdk = () => {
    if (!appId) return Promise.reject(new Error('no Facebook app id is configured'));
    ready ??= loadSdk(page).then((sdk) => {
      sdk.init({ appId, version: FACEBOOK_GRAPH_VERSION, cookie: false, xfbml: false, status: false });
      initialised = sdk;
      return sdk;
    });
    return ready;
  };
  return {
    prepare: () => void prepareSdk().catch(() => {}),
    signIn() {
      // With the SDK already loaded the popup opens in this very click; browsers block popups opened later.
      if (initialised) return logIn(initialised);
      return prepareSdk().then(logIn, (): IdentityOutcome => ({ kind: 'failed' }));
    },
  };
}
