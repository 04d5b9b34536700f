import type { ActorRefFrom } from 'xstate';
import type { robotMachine } from './machine';

/** A running robot machine, as the views that read or drive it hold it. */
export type RobotActor = ActorRefFrom<typeof robotMachine>;
