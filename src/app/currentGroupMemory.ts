/** The group each user worked in last on this device, so home opens it again. */
export interface CurrentGroupMemory {
  read(userId: number): string | null;
  remember(userId: number, fbGroupId: string): void;
}

/** One key per user: a supervisor switching into someone's account keeps their own current group. */
export function currentGroupKey(userId: number): string {
  return `xfilter.currentGroup.${userId}`;
}

export function createCurrentGroupMemory(storage: Pick<Storage, 'getItem' | 'setItem'>): CurrentGroupMemory {
  return {
    read: (userId) => storage.getItem(currentGroupKey(userId)),
    remember: (userId, fbGroupId) => storage.setItem(currentGroupKey(userId), fbGroupId),
  };
}
