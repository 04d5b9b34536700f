import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replay, storyPaths } from '../../../.storybook/machineStories';
import type { StateView } from '../../../.storybook/machineStory';
import { GENERATED_STORIES_SUFFIX, storiesFileOf } from '../../../scripts/storyFiles';
import { storyWorkflows } from '../../../scripts/storyWorkflows';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const sourceFiles = filesUnder('src').filter((file) => /\.tsx?$/.test(file));
const storyFiles = sourceFiles.filter((file) => /\.stories\.tsx?$/.test(file));
const handWrittenStories = storyFiles.filter((file) => !file.endsWith(GENERATED_STORIES_SUFFIX));

describe('stories generated from the machines', () => {
  it.each(storyWorkflows.map((workflow) => [workflow.file, workflow] as const))('%s is up to date (npm run gen:stories)', (file, workflow) => {
    expect(readFileSync(join(root, file), 'utf8')).toBe(storiesFileOf(workflow));
  });

  it('has a workflow for every generated stories file', () => {
    const generated = storyFiles.filter((file) => file.endsWith(GENERATED_STORIES_SUFFIX));
    expect(generated.sort()).toEqual(storyWorkflows.map((workflow) => workflow.file).sort());
  });

  it.each(storyWorkflows.map((workflow) => [workflow.file, workflow] as const))(
    "%s: each story's steps reach its state on a real actor",
    async (_file, workflow) => {
      for (const path of storyPaths(workflow.stories)) {
        const snapshot = await replay(workflow.stories, path);
        expect(snapshot.status).not.toBe('error');
      }
    },
  );

  it.each(storyWorkflows.map((workflow) => [workflow.file, workflow] as const))('%s: every play names a story', async (file, workflow) => {
    const module = (await import(/* @vite-ignore */ resolve(root, dirname(file), `${workflow.view.module}.tsx`))) as Record<string, StateView<never, never>>;
    const names = storyPaths(workflow.stories).map((path) => path.name);
    expect(Object.keys(module[workflow.view.name].plays ?? {}).filter((play) => !names.includes(play))).toEqual([]);
  });

  it('builds no snapshot by hand: nothing in src resolves a state, and no hand-written story starts an actor', () => {
    const resolving = sourceFiles.filter((file) => /\bresolveState\(/.test(readFileSync(join(root, file), 'utf8')));
    const acting = handWrittenStories.filter((file) =>
      /\bcreateActor\(|\.transition\(|getInitialSnapshot\(|machines\//.test(readFileSync(join(root, file), 'utf8')),
    );
    expect([...resolving, ...acting]).toEqual([]);
  });
});
