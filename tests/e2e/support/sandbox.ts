import type { Page } from 'playwright-core';

/** Signs in through the sandbox as a real user would: terms, the Facebook button, then the account. */
export async function signInThroughSandbox(page: Page, accountName: string): Promise<void> {
  await page.goto('/');
  await page.waitForURL('**/auth/login');
  await page.getByLabel('I accept the terms of service and the privacy policy of xFilter.').check();
  await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
  await page.waitForURL('**/auth/sandbox');
  await page.getByRole('button', { name: new RegExp(accountName) }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** An API token for a sandbox account, the way the sign-in page gets one. */
export async function sandboxToken(baseUrl: string, accountName: string): Promise<string> {
  const accounts = (await (await fetch(`${baseUrl}/api/v1/sandbox/accounts`)).json()).accounts as Array<{ id: string; name: string }>;
  const account = accounts.find((candidate) => candidate.name === accountName);
  if (!account) throw new Error(`no sandbox account named ${accountName}`);
  const { facebook_token } = await post(baseUrl, '/sandbox/sign_in', { account_id: account.id });
  const { access_token } = await post(baseUrl, '/session', { facebook_token });
  return access_token;
}

async function post(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Calls the API with a sandbox account's token, as the app would; a non-2xx answer throws with its body. */
export function apiWithToken(baseUrl: string, token: string) {
  return async <Body>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Body> => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Body>;
  };
}
