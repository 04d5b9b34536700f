/** The group the user worked in last, so home opens it again. */
export interface CurrentGroupMemory {
  read(): string | null;
  remember(fbGroupId: string): void;
}

export const CURRENT_GROUP_KEY = 'xfilter.currentGroup';

export function createCurrentGroupMemory(storage: Pick<Storage, 'getItem' | 'setItem'>): CurrentGroupMemory {
  return {
    read: () => storage.getItem(CURRENT_GROUP_KEY),
    remember: (fbGroupId) => storage.setItem(CURRENT_GROUP_KEY, fbGroupId),
  };
}
