import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The modules a file imports for their values, as the bundler keeps them in the same chunk: no dynamic and no type-only imports. */
function staticValueImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|[\s;])(import|export)\s+(?!type\s)([^'"`;]*?)\s*from\s*['"]([^'"]+)['"]/g)) found.push(match[3]);
  for (const match of source.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g)) found.push(match[1]);
  return found;
}

function resolveFile(from: string, specifier: string): string | undefined {
  const base = resolve(root, dirname(from), specifier);
  const file = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && /\.(tsx?|css)$/.test(candidate),
  );
  return file && relative(root, file).split(sep).join('/');
}

/** Every project file and package the entries pull in before any route's chunk is asked for. */
function entryGraph(...entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith('.css')) return;
    for (const specifier of staticValueImports(readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) packages.add(specifier);
      else {
        const imported = resolveFile(file, specifier);
        if (imported) visit(imported);
      }
    }
  };
  entries.forEach(visit);
  return { files, packages };
}

/** The modules src/app/routeTree/pages.ts loads on demand, by page name. */
function pageModules(): Map<string, string> {
  const pagesFile = 'src/app/routeTree/pages.ts';
  const text = readFileSync(join(root, pagesFile), 'utf8');
  return new Map([...text.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)].map(([, name, path]) => [name, resolveFile(pagesFile, path)!]));
}

describe("the signed-out visitor's first download: the login page alone", () => {
  const { files, packages } = entryGraph('src/main.tsx', 'src/boot/loginBoot.tsx');

  it('holds neither the router nor PrimeReact, nor the route table or the app', () => {
    // PrimeReact's theme is style sheets only; its components need its runtime.
    expect([...packages].filter((name) => /^(react-router|primereact\/(?!resources\/))/.test(name))).toEqual([]);
    expect([...files].filter((file) => file.startsWith('src/app/routeTree/') || file === 'src/boot/appBoot.tsx')).toEqual([]);
  });
});

describe("the app's first download", () => {
  const { files, packages } = entryGraph('src/main.tsx', 'src/boot/appBoot.tsx');

  it('holds the route table but none of the pages, which load when their route is opened', () => {
    const pages = pageModules();
    expect([...pages.keys()]).toEqual(expect.arrayContaining(['login', 'signedInLayout', 'dashboard', 'members', 'posts', 'auditLogs', 'onboarding']));
    expect(files).toContain('src/app/routeTree/groupRoutes.tsx');
    expect([...pages].filter(([, module]) => files.has(module)).map(([name]) => name)).toEqual([]);
  });

  it('leaves the date library, the charts and the table and calendar components to the pages that use them', () => {
    const heavy = [...packages].filter((name) => /^(luxon|@visx\/|primereact\/(datatable|calendar|dropdown|paginator|dialog|autocomplete))/.test(name));
    expect(heavy).toEqual([]);
  });

  it('leaves both robots to the moment the server says which one runs', () => {
    expect([...files].filter((file) => /^src\/robot\/(sandboxRobot|extensionBridge|sandbox\/)/.test(file))).toEqual([]);
  });
});

describe('the signed-in pages', () => {
  it("load the supervisor's controls for supervisors alone, and the sign-in-as dialog and its typeahead only when it is opened", () => {
    const { files, packages } = entryGraph('src/app/SignedInLayout.tsx');
    expect(files).toContain('src/app/shell/Sidebar.tsx');
    expect(files).not.toContain('src/app/shell/SupervisorControls.tsx');
    expect(files).not.toContain('src/app/shell/SignInAsDialog.tsx');
    expect([...packages].filter((name) => /^primereact\/(autocomplete|dialog)$/.test(name))).toEqual([]);
  });
});

describe("the browser's code", () => {
  it('writes dates with the browser\'s Intl, without a date library', () => {
    const sources = [...tsFiles('src'), ...tsFiles('machines'), ...tsFiles('rules')];
    expect(sources.filter((file) => staticValueImports(readFileSync(join(root, file), 'utf8')).includes('luxon'))).toEqual([]);
  });
});

/** Every .ts and .tsx file under a project folder, stories and all. */
function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return tsFiles(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** The attributes' text of each `<Tag …>` opening in a source, up to the `>` outside braces. */
function openingTags(source: string, tag: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(new RegExp(`<${tag}[\\s>/]`, 'g'))) {
    let depth = 0;
    let end = match.index + tag.length + 1;
    for (; end < source.length; end += 1) {
      const char = source[end];
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '>' && depth === 0) break;
    }
    found.push(source.slice(match.index, end + 1));
  }
  return found;
}

describe('the parts of PrimeReact components the build leaves out (vite.config.ts)', () => {
  /** DataTable's and AutoComplete's features whose parts the build replaces with stand-ins that throw. */
  const LEFT_OUT_FEATURES: Record<string, string[]> = {
    DataTable: ['paginator', 'filters', 'filterDisplay', 'editMode', 'reorderableRows', 'reorderableColumns', 'virtualScrollerOptions'],
    Column: ['filter', 'filterElement', 'showFilterMenu', 'editor', 'rowEditor', 'rowReorder'],
    AutoComplete: ['virtualScrollerOptions'],
  };
  const sources = [...tsFiles('src'), ...tsFiles('machines')].filter((file) => file.endsWith('.tsx')).map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

  // No page draws PrimeReact's DataTable now (the lists use LightTable); its rows stay for a page that would.
  it('finds the typeaheads', () => {
    const tags = sources.flatMap(({ text }) => Object.keys(LEFT_OUT_FEATURES).flatMap((tag) => openingTags(text, tag)));
    expect(tags.filter((tag) => tag.startsWith('<AutoComplete')).length).toBeGreaterThanOrEqual(2);
  });

  it('are asked for by no table or typeahead', () => {
    const asking = sources.flatMap(({ file, text }) =>
      Object.entries(LEFT_OUT_FEATURES).flatMap(([tag, features]) =>
        openingTags(text, tag).flatMap((opening) =>
          features.filter((feature) => new RegExp(`\\s${feature}(=|\\s|/?>)`).test(opening)).map((feature) => `${file}: <${tag} ${feature}>`),
        ),
      ),
    );
    expect(asking).toEqual([]);
  });
});
