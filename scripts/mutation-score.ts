import { readFileSync } from 'node:fs';

/**
 * Prints the mutation score of each folder from a Stryker JSON report: killed (and timed-out)
 * mutants over all mutants the tests could have killed, as Stryker counts it.
 *   tsx scripts/mutation-score.ts reports/mutation/machines.json
 */
interface Report {
  files: Record<string, { mutants: Array<{ status: string }> }>;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const report = JSON.parse(readFileSync(process.argv[2] ?? 'reports/mutation/machines.json', 'utf8')) as Report;
const folders = new Map<string, { detected: number; undetected: number }>();
const count = (folder: string, status: string) => {
  const tally = folders.get(folder) ?? { detected: 0, undetected: 0 };
  if (DETECTED.has(status)) tally.detected++;
  if (UNDETECTED.has(status)) tally.undetected++;
  folders.set(folder, tally);
};
for (const [path, file] of Object.entries(report.files)) {
  const parts = path.split('/');
  const folder = parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]!;
  for (const mutant of file.mutants) {
    count(folder, mutant.status);
    count(parts[0]!, mutant.status);
  }
}

const rows = [...folders.entries()].sort(([a], [b]) => a.localeCompare(b));
const width = Math.max(...rows.map(([folder]) => folder.length));
console.log(`${'folder'.padEnd(width)}  score   killed  survived`);
for (const [folder, { detected, undetected }] of rows) {
  const score = detected + undetected === 0 ? 'n/a' : `${((100 * detected) / (detected + undetected)).toFixed(1)}%`;
  console.log(`${folder.padEnd(width)}  ${score.padStart(6)}  ${String(detected).padStart(6)}  ${String(undetected).padStart(8)}`);
}
