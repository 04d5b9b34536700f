import { readFileSync, writeFileSync } from 'node:fs';
import { storiesFileOf } from './storyFiles';
import { storyWorkflows } from './storyWorkflows';

/** Writes each workflow's generated stories file, and says which changed. */
for (const workflow of storyWorkflows) {
  const content = storiesFileOf(workflow);
  const current = (() => {
    try {
      return readFileSync(workflow.file, 'utf8');
    } catch {
      return null;
    }
  })();
  if (current === content) continue;
  writeFileSync(workflow.file, content);
  console.log(`wrote ${workflow.file}`);
}
