import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium, openPage } from './browser';
import { startProductServer, type ProductServer } from './product-server';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './sandbox';
import { copyOfWorld } from './world-template';

export interface SandboxGroup {
  id: number;
  name: string;
  fb_group_id: string;
  subscribed_plan: string;
  is_locked: boolean;
}

/** A product server on its own data folder, Chromium, and one sandbox account's API, for one describe block. */
export interface OwnWorld {
  readonly server: ProductServer;
  readonly browser: Browser;
  /** The page of the latest `signIn`, closed after each test. */
  readonly page: Page;
  readonly context: BrowserContext;
  readonly consoleErrors: string[];
  api<Body>(path: string, init?: { method?: string; body?: unknown }): Promise<Body>;
  /** Opens a page and signs in through the sandbox; `beforeLoad` runs on the page first (a clock, say). */
  signIn(beforeLoad?: (page: Page) => Promise<void>): Promise<void>;
  groupNamed<Group extends SandboxGroup = SandboxGroup>(name: string): Promise<Group>;
}

/**
 * Registers the hooks of a describe block whose tests change the sandbox world other files count
 * on, so it runs its own server on its own copy of the sandbox world, signed in as `accountName`.
 */
export function ownWorld(folderPrefix: string, accountName: string): OwnWorld {
  let dataDir: string;
  let server: ProductServer;
  let browser: Browser;
  let opened: { context: BrowserContext; page: Page; consoleErrors: string[] } | null = null;
  let api: ReturnType<typeof apiWithToken>;

  beforeAll(async () => {
    dataDir = copyOfWorld(folderPrefix);
    server = await startProductServer(dataDir);
    browser = await launchChromium();
    api = apiWithToken(server.url, await sandboxToken(server.url, accountName));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await opened?.context.close();
    opened = null;
  });

  const current = () => {
    if (!opened) throw new Error('No page is open: call signIn first');
    return opened;
  };

  return {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
    get page() {
      return current().page;
    },
    get context() {
      return current().context;
    },
    get consoleErrors() {
      return current().consoleErrors;
    },
    api: (path, init) => api(path, init),
    async signIn(beforeLoad) {
      opened = await openPage(browser, server.url);
      await beforeLoad?.(opened.page);
      await signInThroughSandbox(opened.page, accountName);
      await opened.page.waitForURL(/\/\d+\/dashboard$/);
    },
    async groupNamed<Group extends SandboxGroup>(name: string) {
      const { groups } = await api<{ groups: Group[] }>('/groups');
      const group = groups.find((candidate) => candidate.name === name);
      if (!group) throw new Error(`${name} is not among ${accountName}'s groups`);
      return group;
    },
  };
}
