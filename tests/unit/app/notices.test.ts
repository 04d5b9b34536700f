import { describe, expect, it, vi } from 'vitest';
import { createNoticeBoard } from '../../../src/app/notices';

describe('the notice board', () => {
  it('hands notices to the listener, keeping those posted before it listened', () => {
    const board = createNoticeBoard();
    board.post({ message: 'early' });
    const show = vi.fn();
    const stop = board.listen(show);
    board.post({ message: 'late' });
    expect(show.mock.calls.map(([notice]) => notice.message)).toEqual(['early', 'late']);

    stop();
    board.post({ message: 'after' });
    expect(show).toHaveBeenCalledTimes(2);
  });
});
