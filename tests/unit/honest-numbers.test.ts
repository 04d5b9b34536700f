import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const THIS_FILE = 'tests/unit/honest-numbers.test.ts';

/**
 * The product's constants for the timings and limits the spec (and, where it leaves them to us,
 * the docs) state. A test that took one of them from machines/, rules/, server/ or src/ would wait
 * for whatever the product says and pass whatever the figure became: tests take the spec's figures
 * from tests/support/spec-numbers.ts instead.
 */
const SPEC_NUMBER_CONSTANTS = [
  // machines/
  'TEXT_DEBOUNCE_MS',
  'TO_DATE_DEBOUNCE_MS',
  'UNDO_WINDOW_MS',
  'UNDO_TICK_MS',
  'UPGRADE_BLINK_MS',
  'RELOAD_COOLDOWN_MS',
  'MAX_SCHEDULE_WAIT',
  'ONBOARDING_ENGAGEMENT_SETTINGS',
  'RECOMMENDED_REMOVALS',
  'REMOVAL_RECOMMENDATION',
  'LAB_FAKE_COUNTS',
  'LAB_METRICS_DAYS',
  'LAB_DAYS_LEFT',
  'MATCH_PER_PAGE_OPTIONS',
  // rules/
  'SYNC_SLIDER',
  'SCHEDULE_MINUTE_STEP',
  'SCHEDULE_DEFAULT_TIME',
  'MEMBER_PER_PAGE_OPTIONS',
  'PERMISSIONS_PER_PAGE_OPTIONS',
  'SUPERVISOR_PER_PAGE_OPTIONS',
  'SUPERVISOR_AUDIT_LOG_PER_PAGE_OPTIONS',
  // server/
  'UNDO_GRACE_MS',
  'DAILY_REMOVAL_LIMIT',
  'WEEKLY_REMOVAL_LIMIT',
  'FREE_REMOVAL_ALLOWANCE',
  'GROUP_LIMITS_BY_PLAN',
  'DEFAULT_GROUP_SETTINGS',
  'RATE_LIMITS',
  'COMPANION_TOKEN_LIFETIME_MS',
  'SANDBOX_TOKEN_LIFETIME_MS',
  'LAST_USED_RESOLUTION_MS',
  'JOB_ABANDONED_AFTER_MS',
  'TASK_LEASE_MS',
  'LEASE_MS',
  'UPSTREAM_TIMEOUT_MS',
  'MAX_BODY_DEPTH',
  'MEMBER_MATCHES_LIMIT',
  'USER_MATCHES_LIMIT',
  'GROUP_MATCHES_LIMIT',
  // src/
  'ADMIN_BANNER_BLINK_MS',
  'COPIED_TOOLTIP_MS',
  'LOOKUP_DEBOUNCE_MS',
  'MEMBER_LABEL_PATIENCE_MS',
  'GROUP_LIST_REMOVALS_SCALE',
  'MEMBER_SEARCH_MIN_CHARS',
  'MEMBER_SEARCH_MAX_MATCHES',
  'USER_SEARCH_MIN_LENGTH',
  'AUDIT_LOG_PER_PAGE_OPTIONS',
  'POSTS_PER_PAGE_OPTIONS',
  'ROBOT_LOG_PER_PAGE_OPTIONS',
];

/** The one helper that reads a machine's delays, and only to hold them to the spec's figures. */
const DELAY_CHECKER = 'tests/model/support/simulatedTime.ts';

const listed = (name: string) => SPEC_NUMBER_CONSTANTS.includes(name);
const namesIn = (braces: string) =>
  braces
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+|\s*:\s*/)[0]!.trim())
    .filter(listed);

/**
 * Each listed constant a source takes, wherever from (the product, or a helper passing it on): by
 * name in an import, a re-export or a dynamic import's destructuring, or as a property of a
 * namespace import or of a dynamic import.
 */
export function specNumbersTaken(source: string): string[] {
  const taken: string[] = [];
  for (const [, braces] of source.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/g)) {
    taken.push(...namesIn(braces!));
  }
  for (const [, braces] of source.matchAll(/\{([^}]*)\}\s*=\s*await\s+import\(/g)) taken.push(...namesIn(braces!));
  for (const [, name] of source.matchAll(/import\([^)]*\)\s*\)?\s*\.\s*([\w$]+)/g)) if (listed(name!)) taken.push(name!);
  for (const [, namespace] of source.matchAll(/import\s+\*\s+as\s+([\w$]+)\s+from/g)) {
    for (const [, name] of source.matchAll(new RegExp(`\\b${namespace}\\s*(?:\\.\\s*([\\w$]+)|\\[\\s*['"]([\\w$]+)['"]\\s*\\])`, 'g'))) {
      if (listed(name!)) taken.push(name!);
    }
  }
  return taken;
}

/** Whether a source reads a machine's delays out of its definition. */
export const readsMachineDelays = (source: string) => /\.implementations\s*\.\s*delays\b/.test(source);

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The tests, their helpers, and the story replay that walks the machines the way the model tests do. */
const testFiles = [...filesUnder('tests'), ...filesUnder('.storybook')].filter((file) => file !== THIS_FILE);

describe('no test takes the number it defends from the code under test', () => {
  it('finds a listed constant imported, re-exported, imported dynamically or read off a namespace, and nothing else', () => {
    expect(specNumbersTaken("import { listQueryMachine, TEXT_DEBOUNCE_MS } from '../../machines/listQuery/machine';")).toEqual(['TEXT_DEBOUNCE_MS']);
    expect(specNumbersTaken("import {\n  removalLimits,\n  FREE_REMOVAL_ALLOWANCE as FREE,\n} from '../../../server/domain/removal-limits';")).toEqual([
      'FREE_REMOVAL_ALLOWANCE',
    ]);
    expect(specNumbersTaken("export { RATE_LIMITS } from '../../server/http/rate-limits';")).toEqual(['RATE_LIMITS']);
    expect(specNumbersTaken("const { UNDO_GRACE_MS } = await import('../../server/domain/member-moves');")).toEqual(['UNDO_GRACE_MS']);
    expect(specNumbersTaken("const wait = (await import('../../machines/versionCheck/reloadLog')).RELOAD_COOLDOWN_MS;")).toEqual(['RELOAD_COOLDOWN_MS']);
    expect(specNumbersTaken("import * as lookup from '../src/features/superadmin/memberLookup/memberLookup';\nvi.advanceTimersByTime(lookup.LOOKUP_DEBOUNCE_MS);")).toEqual([
      'LOOKUP_DEBOUNCE_MS',
    ]);
    expect(specNumbersTaken("import { SPEC_TEXT_FILTER_DEBOUNCE_MS } from '../support/spec-numbers';\nconst TEXT_DEBOUNCE_MS = 1_000;")).toEqual([]);
    expect(readsMachineDelays('const delay = machine.implementations.delays[name];')).toBe(true);
  });

  it('lists only constants the product defines, so a renamed one is not silently let through', () => {
    const product = ['machines', 'rules', 'server', 'src'].flatMap(filesUnder).map((file) => readFileSync(join(root, file), 'utf8'));
    expect(SPEC_NUMBER_CONSTANTS.filter((name) => !product.some((source) => new RegExp(`\\bexport const ${name}\\b`).test(source)))).toEqual([]);
  });

  it('holds for every test, test helper and the story replay', () => {
    const offences = testFiles.flatMap((file) => {
      const source = readFileSync(join(root, file), 'utf8');
      return [
        ...specNumbersTaken(source).map((name) => `${file} takes ${name}: state the spec's figure (tests/support/spec-numbers.ts)`),
        ...(file !== DELAY_CHECKER && readsMachineDelays(source) ? [`${file} reads a machine's delays: advance by the spec's figure (advanceThroughDelay)`] : []),
      ];
    });
    expect(offences).toEqual([]);
  });
});
