import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTime {
  files: number;
  tests: number;
  /** From the first file's start to the last file's end. */
  first: number;
  last: number;
  /** The files' own durations added up. */
  fileTime: number;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(0)} s`;
}

/**
 * Prints, at the end of a run, how long each project took: the span from its first file's start to
 * its last file's end (projects overlap, so the spans add up to more than the run), and its files'
 * own times added up.
 */
export default class ProjectTimes implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly projects = new Map<string, ProjectTime>();
  private runStart = Date.now();

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId + module.project.name, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const end = Date.now();
    const start = this.started.get(module.moduleId + module.project.name) ?? end;
    const name = module.project.name || 'default';
    const project = this.projects.get(name) ?? { files: 0, tests: 0, first: start, last: end, fileTime: 0 };
    project.files += 1;
    project.tests += [...module.children.allTests()].length;
    project.first = Math.min(project.first, start);
    project.last = Math.max(project.last, end);
    project.fileTime += module.diagnostic().duration;
    this.projects.set(name, project);
  }

  onTestRunEnd() {
    if (this.projects.size === 0) return;
    const row = (cells: string[]) => `  ${cells[0].padEnd(8)}${cells.slice(1).map((cell) => cell.padStart(15)).join('')}`;
    const rows = [...this.projects].map(([name, project]) =>
      row([name, seconds(project.last - project.first), seconds(project.fileTime), String(project.files), String(project.tests)]),
    );
    console.log(
      ['', `Time by project (the run: ${seconds(Date.now() - this.runStart)})`, row(['project', 'first to last', "files' own", 'files', 'tests']), ...rows, ''].join('\n'),
    );
  }
}
