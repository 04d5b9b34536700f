/**
 * The addresses a page wrote itself and does not show yet. The router commits a navigation before
 * React renders it, so a page can write twice before it shows the first write; each address it then
 * shows is either one of its own writes arriving late, an address it already replaced, or news from
 * elsewhere (back, forward, a link).
 */
export interface AddressWrites {
  /** The address the next write starts from: the last one written, or the one shown. */
  base(shown: string): string;
  wrote(replaced: string, written: string): void;
  /** What a newly shown address is; news forgets every write still on its way. */
  shown(search: string): 'mine' | 'stale' | 'news';
}

export function addressWrites(): AddressWrites {
  let writes: Array<{ replaced: string; written: string }> = [];
  return {
    base: (shown) => writes.at(-1)?.written ?? shown,
    wrote: (replaced, written) => {
      writes.push({ replaced, written });
    },
    shown: (search) => {
      const mine = writes.findIndex(({ written }) => written === search);
      if (mine >= 0) {
        writes = writes.slice(mine + 1);
        return 'mine';
      }
      if (writes.some(({ replaced }) => replaced === search)) return 'stale';
      writes = [];
      return 'news';
    },
  };
}
