import { afterEach, describe, expect, it, vi } from 'vitest';
import { sandboxProgressLines } from '../../../server/main';

describe('the terminal while the sandbox world is created', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says the world is being created, then where it is at most once a second', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const tell = sandboxProgressLines();

    tell('users', 5, 5);
    vi.advanceTimersByTime(400);
    tell('members', 5_000, 25_641);
    vi.advanceTimersByTime(700);
    tell('members', 10_000, 25_641);
    vi.advanceTimersByTime(300);
    tell('members', 15_000, 25_641);
    vi.advanceTimersByTime(1_000);
    tell('memberships', 5_000, 29_600);

    expect(lines).toEqual([
      'Creating the sandbox world…',
      'Creating the sandbox world: members 10,000/25,641',
      'Creating the sandbox world: memberships 5,000/29,600',
    ]);
  });
});
