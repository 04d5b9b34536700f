import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;

/** PrimeReact's theme CSS declares the whole Inter font; the app uses the system font stack (src/styles/global.css). */
function dropThemeFonts(): Plugin {
  return {
    name: 'xfilter:drop-theme-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!/primereact[\\/]resources[\\/]themes[\\/].*\.css$/.test(id)) return null;
      return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ''), map: null };
    },
  };
}

/**
 * What PrimeReact's DataTable and AutoComplete import for features no table or typeahead here uses:
 * each part's export, the feature it serves, and whether only DataTable goes without it (AutoComplete
 * types into an InputText).
 */
const UNUSED_PARTS: Record<string, { name: string; feature: string; onlyIn?: 'datatable' }> = {
  'primereact/inputtext': { name: 'InputText', feature: 'column filter menus', onlyIn: 'datatable' },
  'primereact/paginator': { name: 'Paginator', feature: 'its own paginator (the lists page with src/ui/ListPaginator.tsx)' },
  'primereact/dropdown': { name: 'Dropdown', feature: 'column filter menus (the lists filter above the table)' },
  'primereact/icons/filter': { name: 'FilterIcon', feature: 'column filter menus' },
  'primereact/icons/filterslash': { name: 'FilterSlashIcon', feature: 'column filter menus' },
  'primereact/icons/plus': { name: 'PlusIcon', feature: 'column filter menus' },
  'primereact/icons/trash': { name: 'TrashIcon', feature: 'column filter menus' },
  'primereact/icons/pencil': { name: 'PencilIcon', feature: 'row editing' },
  'primereact/icons/bars': { name: 'BarsIcon', feature: 'row reordering' },
  'primereact/icons/arrowup': { name: 'ArrowUpIcon', feature: 'column reordering' },
  'primereact/icons/arrowdown': { name: 'ArrowDownIcon', feature: 'column reordering' },
  'primereact/virtualscroller': { name: 'VirtualScroller', feature: 'virtual scrolling (virtualScrollerOptions)' },
};
const LEFT_OUT_PREFIX = '\0xfilter:left-out:';

function leftOutError(source: string): string {
  return `throw new Error(${JSON.stringify(`${source} is left out of the build (vite.config.ts): a table or typeahead asked for ${UNUSED_PARTS[source].feature}.`)});`;
}

/**
 * A part's stand-in. DataTable always renders a VirtualScroller, which without virtualScrollerOptions
 * only draws the table: its stand-in does that, as PrimeReact's does when disabled. Every other
 * stand-in throws if it is ever rendered.
 */
function standIn(source: string): string {
  if (source !== 'primereact/virtualscroller') return `export const ${UNUSED_PARTS[source].name} = () => { ${leftOutError(source)} };`;
  return `import { createElement, Fragment } from 'react';
export const VirtualScroller = (props) => {
  if (!props.disabled) ${leftOutError(source)}
  const content = typeof props.contentTemplate === 'function' ? props.contentTemplate({ items: props.items, rows: props.items, columns: props.columns }) : props.contentTemplate;
  return createElement(Fragment, null, props.children, content);
};`;
}

/**
 * PrimeReact's DataTable imports its paginator, its filter menus (with the dropdown's and the number
 * input's code), its editing and reordering icons and its virtual scroller, and AutoComplete its
 * virtual scroller, whether a page uses them or not: some 35 KB gzipped on each list page. The build
 * gives these two components stand-ins for UNUSED_PARTS; tests/unit/app/routeChunks.test.ts checks
 * that no table or typeahead asks for those features.
 */
function withoutUnusedComponentParts(): Plugin {
  return {
    name: 'xfilter:without-unused-component-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const part = UNUSED_PARTS[source];
      if (!importer || !part || !new RegExp(`primereact[\\\\/](${part.onlyIn ?? 'datatable|autocomplete'})[\\\\/]`).test(importer)) return null;
      return LEFT_OUT_PREFIX + source;
    },
    load(id) {
      return id.startsWith(LEFT_OUT_PREFIX) ? standIn(id.slice(LEFT_OUT_PREFIX.length)) : null;
    },
  };
}

/** The packages the login page of a signed-out visitor loads (src/boot/loginBoot.tsx), and every other page too. */
const LOGIN_PAGE_PACKAGES = ['react', 'react-dom', 'scheduler', 'xstate', '@xstate/react', 'use-sync-external-store', 'openapi-fetch'];

/** The packages (and PrimeReact's parts) every page of the app loads, whatever the route. */
const EVERY_PAGE_PACKAGES = [
  'react-router',
  'react-router-dom',
  'react-transition-group',
  'dom-helpers',
  ...['api', 'utils', 'hooks', 'componentbase', 'toast', 'button', 'tooltip', 'ripple', 'csstransition', 'portal', 'progressbar', 'message'].map(
    (part) => `primereact/${part}`,
  ),
];

function packagesPattern(packages: string[]): RegExp {
  const names = packages.map((name) => name.replace(/[/]/g, '[\\\\/]')).join('|');
  return new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
}

/**
 * Text files smaller than this travel as they are: compressing them gains less than a packet. The page
 * (index.html), which every visit asks for again, always gets its compressed copies.
 */
const PRECOMPRESS_MIN_BYTES = 1024;
const TEXT_FILE = /\.(html|js|css|svg|json|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes a .br and a .gz beside every built text file, which the server sends to browsers that accept them. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'xfilter:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!TEXT_FILE.test(path)) continue;
        const content = readFileSync(path);
        if (content.length < PRECOMPRESS_MIN_BYTES && !path.endsWith('.html')) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** The boots main.tsx chooses between (src/boot/bootFor.ts): the login page alone, or the whole app. */
const BOOT_MODULES = [/src[\\/]boot[\\/]loginBoot\.tsx$/, /src[\\/]boot[\\/]appBoot\.tsx$/];

/**
 * The page names, as `<link rel="modulepreload">`, the scripts every boot imports (React, the state
 * machines, the session), and as `<link rel="preload">` their style sheets (src/boot/styles.ts): the
 * browser fetches them while it reads the page, instead of after the entry script has run and asked
 * for its boot, and no style sheet holds up the first paint. Whatever only one boot needs is left to
 * the entry's choice.
 */
function preloadSharedBootChunks(): Plugin {
  return {
    name: 'xfilter:preload-shared-boot-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (file: string, files = new Set<string>()): Set<string> => {
          if (files.has(file)) return files;
          files.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, files);
          return files;
        };
        const boots = BOOT_MODULES.map((pattern) => {
          const boot = chunks.find((chunk) => chunk.facadeModuleId && pattern.test(chunk.facadeModuleId));
          if (!boot) throw new Error(`preload-shared-boot-chunks: no chunk for ${pattern}`);
          return closure(boot.fileName);
        });
        const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const shared = [...boots[0]].filter((file) => !entries.has(file) && boots.every((files) => files.has(file)));
        const styleSheets = shared.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        return [
          ...shared.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...styleSheets.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), dropThemeFonts(), withoutUnusedComponentParts(), preloadSharedBootChunks(), precompress()],
  // The server announces the same package version in X-App-Version; the running build compares against it.
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Which chunks each route loads: scripts/size-limit-routes.ts reads it to hold every route to its budget.
    manifest: true,
    rolldownOptions: {
      output: {
        // What every page needs: React and the router, the state machines, and PrimeReact's base with the notices, buttons,
        // messages and loading bar. One chunk that stays cached across the app's frequent releases, and compresses better whole.
        // Other libraries go with the routes that use them (src/app/routeTree/pages.ts).
        codeSplitting: {
          groups: [
            { name: 'core', test: packagesPattern(LOGIN_PAGE_PACKAGES), priority: 2 },
            { name: 'vendor', test: packagesPattern(EVERY_PAGE_PACKAGES), priority: 1 },
          ],
        },
      },
    },
  },
  resolve: {
    // @visx/text reduces its line offsets with reduce-css-calc, whose general evaluator weighs 5 KB gzipped; src/ui/reduceCssCalc.ts does what it needs.
    alias: [{ find: /^reduce-css-calc$/, replacement: fileURLToPath(new URL('./src/ui/reduceCssCalc.ts', import.meta.url)) }],
  },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
});
