import { existsSync, readFileSync } from 'node:fs';
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

/** Every project file and package the entry pulls in before any route's chunk is asked for. */
function entryGraph(entry: string): { files: Set<string>; packages: Set<string> } {
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
  visit(entry);
  return { files, packages };
}

/** The modules src/app/routeTree/pages.ts loads on demand, by page name. */
function pageModules(): Map<string, string> {
  const pagesFile = 'src/app/routeTree/pages.ts';
  const text = readFileSync(join(root, pagesFile), 'utf8');
  return new Map([...text.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)].map(([, name, path]) => [name, resolveFile(pagesFile, path)!]));
}

describe('the first download', () => {
  const { files, packages } = entryGraph('src/main.tsx');

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
});
