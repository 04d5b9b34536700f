import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every module specifier a file names: static imports and re-exports, dynamic imports. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]/g)) found.push(match[1]);
  for (const match of source.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g)) found.push(match[1]);
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]);
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The repository path a relative specifier of a file points at; packages stay as they are. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(root, resolve(root, dirname(file), specifier)).split(sep).join('/');
}

const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1];
const isRoutePaths = (path: string) => /^src\/app\/routes(\.ts)?$/.test(path);

/** Why an import crosses a boundary of docs/ARCHITECTURE.md, or null when it may be made. */
export function boundaryBroken(file: string, imported: string): string | null {
  if (file.startsWith('rules/')) {
    if (imported.startsWith('rules/') || imported === 'src/api/schema') return null;
    return 'rules import only rules and the contract\'s types';
  }
  if (file.startsWith('machines/') && imported.startsWith('src/app/')) return 'machines import nothing from the app';
  const feature = featureOf(file);
  if (feature) {
    const other = featureOf(`${imported}/`);
    if (other && other !== feature) return `a feature imports nothing from another feature (${other})`;
    if (imported.startsWith('src/app/') && !isRoutePaths(imported)) return 'a feature imports nothing from the app but its route paths';
  }
  return null;
}

function violations(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    sourceFiles(folder).flatMap((file) =>
      importsOf(readFileSync(join(root, file), 'utf8')).flatMap((specifier) => {
        const why = boundaryBroken(file, target(file, specifier));
        return why ? [`${file} imports ${specifier}: ${why}`] : [];
      }),
    ),
  );
}

describe('import boundaries', () => {
  it('reads static, re-exported and dynamic imports', () => {
    const source = `import a from './a';\nimport type { B } from "../b";\nexport { c } from './c';\nimport './d.css';\nconst e = () => import('./e');`;
    expect(importsOf(source)).toEqual(['./a', '../b', './c', './d.css', './e']);
  });

  it('tells a crossing import from an allowed one', () => {
    expect(boundaryBroken('machines/robot/selectors.ts', 'src/app/shell/types')).not.toBeNull();
    expect(boundaryBroken('machines/robot/selectors.ts', 'src/api/schema')).toBeNull();
    expect(boundaryBroken('src/features/members/MembersRoute.tsx', 'src/features/onboarding/stepTitles')).not.toBeNull();
    expect(boundaryBroken('src/features/members/MembersRoute.tsx', 'src/features/members/membersQuery')).toBeNull();
    expect(boundaryBroken('src/features/members/MembersRoute.tsx', 'src/app/routes')).toBeNull();
    expect(boundaryBroken('src/features/members/MembersRoute.tsx', 'src/app/guards')).not.toBeNull();
    expect(boundaryBroken('rules/plans.ts', 'src/api/schema')).toBeNull();
    expect(boundaryBroken('rules/plans.ts', 'server/db/enums')).not.toBeNull();
  });

  it('machines, features and rules keep to their boundaries', () => {
    expect(violations(['machines', 'src/features', 'rules'])).toEqual([]);
  });
});
