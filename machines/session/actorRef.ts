import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from './machine';

/** A running session machine, as the views and loaders that read or drive it hold it. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
