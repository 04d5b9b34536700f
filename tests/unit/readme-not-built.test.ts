import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notBuiltLines } from '../../scripts/not-built';

describe('README', () => {
  it('lists under "Not built yet" exactly the operations that still answer 501', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.split('## Not built yet')[1]?.split('\n## ')[0] ?? '';
    const listed = section.split('\n').filter((line) => line.startsWith('- **'));
    expect(listed).toEqual(notBuiltLines());
  });
});
