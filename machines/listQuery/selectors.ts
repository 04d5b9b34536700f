import type { SnapshotFrom } from 'xstate';
import type { listQueryMachine } from './machine';

type ListQuerySnapshot = SnapshotFrom<typeof listQueryMachine>;

export const typedTextOf = (snapshot: ListQuerySnapshot) => snapshot.context.typedText;
export const pageOf = (snapshot: ListQuerySnapshot) => Number(snapshot.context.query.page) || 1;
export const isAwaitingTypingPause = (snapshot: ListQuerySnapshot) => snapshot.matches({ text: 'awaitingTypingPause' });
