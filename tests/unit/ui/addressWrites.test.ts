import { describe, expect, it } from 'vitest';
import { addressWrites } from '../../../src/ui/addressWrites';

describe('the addresses a list page wrote itself', () => {
  it('takes a write that arrives after the next one was made as its own, not as a change made elsewhere', () => {
    const writes = addressWrites();
    writes.wrote('?page=3', '?kind=members_scan');
    expect(writes.base('?page=3')).toBe('?kind=members_scan');
    writes.wrote('?kind=members_scan', '?kind=sign_in%7Cmembers_scan');

    expect(writes.shown('?kind=members_scan')).toBe('mine');
    expect(writes.shown('?kind=sign_in%7Cmembers_scan')).toBe('mine');
    expect(writes.base('?kind=sign_in%7Cmembers_scan')).toBe('?kind=sign_in%7Cmembers_scan');
  });

  it('skips an address it already replaced, and writes on from its last write rather than from what the page still shows', () => {
    const writes = addressWrites();
    writes.wrote('', '?kind=sign_in');
    expect(writes.shown('')).toBe('stale');
    expect(writes.base('')).toBe('?kind=sign_in');
  });

  it('takes any other address as news and forgets the writes still on their way', () => {
    const writes = addressWrites();
    writes.wrote('', '?kind=sign_in');
    expect(writes.shown('?page=2')).toBe('news');
    expect(writes.base('?page=2')).toBe('?page=2');
    expect(writes.shown('?kind=sign_in')).toBe('news');
  });

  it('takes going back to an address it replaced as news once its own write has shown', () => {
    const writes = addressWrites();
    writes.wrote('?page=3', '?page=4');
    expect(writes.shown('?page=4')).toBe('mine');
    expect(writes.shown('?page=3')).toBe('news');
  });
});
