import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PageName } from '../src/app/routeTree/pages';
import type { SuperadminPageName } from '../src/app/routeTree/superadminPageChunks';
import { ensureAppBuilt } from './app-build';

/**
 * `npm run size`: what each route makes a browser download, in gzipped JavaScript, held to its
 * budget. A route's figure is the entry (index.html's script and what it imports), the boot it starts
 * (src/boot: the login page alone for a signed-out visitor, else the app) and the chunks of the pages
 * it loads (src/app/routeTree/pages.ts) and the chunks those pages fetch once painted, with what they
 * import, each chunk counted once, as Vite's manifest lists them. Fails when a route is over budget,
 * or when a page has no route here.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');
/** The page chunks: every route's, and the supervisor area's, listed in the chunk of its own route table. */
const PAGES_FILES = ['pages.ts', 'superadminPageChunks.ts'].map((file) => join(ROOT, 'src/app/routeTree', file));

/** React alone weighs some 65 KB of it. */
const LOGIN_BUDGET = '100 KB';
const ROUTE_BUDGET = '250 KB';

const BOOTS = { login: 'src/boot/loginBoot.tsx', app: 'src/boot/appBoot.tsx' } as const;

/** The charts' lines: a chunk a page with a chart fetches once it has painted (src/ui/LineChart.tsx). */
const LINE_PLOT = 'src/ui/LinePlot.tsx';

const ROUTES: Array<{ route: string; boot: keyof typeof BOOTS; pages: Array<PageName | SuperadminPageName>; later?: string[]; limit: string }> = [
  { route: '/auth/login, signed out', boot: 'login', pages: [], limit: LOGIN_BUDGET },
  { route: '/auth/login in the app (after a failed sign-in)', boot: 'app', pages: ['publicLayout', 'login'], limit: ROUTE_BUDGET },
  { route: '/auth/sandbox', boot: 'app', pages: ['publicLayout', 'sandboxSignIn'], limit: ROUTE_BUDGET },
  { route: '/banned', boot: 'app', pages: ['publicLayout', 'banned'], limit: ROUTE_BUDGET },
  { route: '/welcome', boot: 'app', pages: ['signedInLayout', 'welcome'], limit: ROUTE_BUDGET },
  { route: '/support', boot: 'app', pages: ['signedInLayout', 'support'], limit: ROUTE_BUDGET },
  { route: '/user', boot: 'app', pages: ['signedInLayout', 'account'], limit: ROUTE_BUDGET },
  { route: '/affiliates', boot: 'app', pages: ['signedInLayout', 'affiliates'], limit: ROUTE_BUDGET },
  { route: '/onboarding', boot: 'app', pages: ['signedInLayout', 'onboarding'], limit: ROUTE_BUDGET },
  { route: '/:fbGroupId/dashboard', boot: 'app', pages: ['signedInLayout', 'dashboard', 'dashboardData'], later: [LINE_PLOT], limit: ROUTE_BUDGET },
  { route: 'the lab, opened by a supervisor over the shell', boot: 'app', pages: ['signedInLayout', 'lab'], limit: ROUTE_BUDGET },
  { route: '/:fbGroupId/members', boot: 'app', pages: ['signedInLayout', 'members'], limit: ROUTE_BUDGET },
  { route: '/:fbGroupId/posts', boot: 'app', pages: ['signedInLayout', 'posts', 'postsData'], limit: ROUTE_BUDGET },
  { route: '/:fbGroupId/logs', boot: 'app', pages: ['signedInLayout', 'auditLogs', 'auditLogsData'], limit: ROUTE_BUDGET },
  { route: '/:fbGroupId/connections/stripe', boot: 'app', pages: ['signedInLayout', 'connections', 'matchReview'], limit: ROUTE_BUDGET },
  { route: '/:fbGroupId/permissions', boot: 'app', pages: ['signedInLayout', 'permissions'], limit: ROUTE_BUDGET },
  { route: '/:fbGroupId/settings', boot: 'app', pages: ['signedInLayout', 'settings'], limit: ROUTE_BUDGET },
  { route: '/:fbGroupId/purchase', boot: 'app', pages: ['signedInLayout', 'purchase'], limit: ROUTE_BUDGET },
  { route: '/change_card', boot: 'app', pages: ['signedInLayout', 'changeCard', 'changeCardData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/groups', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminGroups', 'superadminRecordsData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/groups/:id', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminGroup', 'superadminRecordsData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/members', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminMembers', 'superadminRecordsData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/members/:id', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminMember', 'superadminRecordsData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/users', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminUsers', 'superadminRecordsData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/users/:id', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminUser', 'superadminRecordsData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/audit_logs', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminAuditLogs', 'superadminRecordsData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/monitor', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminMonitor', 'superadminMonitorData'], later: [LINE_PLOT], limit: ROUTE_BUDGET },
  { route: '/superadmin/robot_logs/browse', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminRobotLogs', 'superadminRobotLogsData'], limit: ROUTE_BUDGET },
  { route: '/superadmin/robot_logs/chart', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminRobotLogChart', 'superadminRobotLogsData'], later: [LINE_PLOT], limit: ROUTE_BUDGET },
  { route: '/superadmin/sidekiq', boot: 'app', pages: ['signedInLayout', 'superadminLayout', 'superadminRouteTable', 'superadminJobs'], limit: ROUTE_BUDGET },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Each page's source file, as the manifest names it (relative to the project, with its extension). */
function pageSources(pagesText: string): Map<string, string> {
  const sources = new Map<string, string>();
  for (const [, name, path] of pagesText.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)) {
    const base = relative(ROOT, join(ROOT, 'src/app/routeTree', path));
    const file = ['.tsx', '.ts'].map((extension) => base + extension).find((candidate) => existsSync(join(ROOT, candidate)));
    if (!file) throw new Error(`pages: ${name} imports ${path}, which is not a .tsx or .ts file`);
    sources.set(name, file);
  }
  return sources;
}

/** The JS files a chunk brings: its own and, transitively, its static imports. */
function chunkFiles(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
  return files;
}

function sizeLimitConfig(manifest: Manifest, sources: Map<string, string>) {
  const unbudgeted = [...sources.keys()].filter((page) => !ROUTES.some((route) => route.pages.includes(page as PageName | SuperadminPageName)));
  if (unbudgeted.length > 0) throw new Error(`pages without a route in scripts/size-limit-routes.ts: ${unbudgeted.join(', ')}`);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  return ROUTES.map(({ route, boot, pages, later = [], limit }) => {
    const files = new Set<string>();
    chunkFiles(manifest, entry, files);
    chunkFiles(manifest, BOOTS[boot], files);
    for (const page of pages) chunkFiles(manifest, sources.get(page)!, files);
    for (const module of later) chunkFiles(manifest, module, files);
    return { name: `${route} (JS, gzipped)`, path: [...files].sort(), limit, gzip: true };
  });
}

ensureAppBuilt();
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
const configPath = join(DIST, '.size-limit.json');
writeFileSync(configPath, JSON.stringify(sizeLimitConfig(manifest, pageSources(PAGES_FILES.map((file) => readFileSync(file, 'utf8')).join('\n'))), null, 2));
const sizeLimit = join(ROOT, 'node_modules/size-limit/bin.js');
const run = spawnSync(process.execPath, [sizeLimit, '--config', configPath], { stdio: 'inherit', cwd: ROOT });
process.exit(run.status ?? 1);
