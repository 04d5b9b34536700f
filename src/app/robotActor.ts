import type { ActorRefFrom } from 'xstate';
import type { robotMachine } from '../../machines/robot/machine';

/** The app's robot statechart, spawned by the app machine (system id 'robot'). */
export type RobotActor = ActorRefFrom<typeof robotMachine>;
