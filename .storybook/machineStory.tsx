import type { ReactNode } from 'react';
import type { Args, ReactRenderer } from '@storybook/react-vite';
import type { StoryAnnotations } from 'storybook/internal/types';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { replay, type MachineStories, type StoryStep } from './machineStories';

type Story<TArgs extends Args> = StoryAnnotations<ReactRenderer, TArgs>;

/** How a workflow's stories show a snapshot: the view fed by the machine's selectors, with the view's callbacks as args. */
export interface StateView<TMachine extends AnyStateMachine, TArgs extends Args> {
  stories: MachineStories<TMachine>;
  args: TArgs;
  render: (snapshot: SnapshotFrom<TMachine>, args: NoInfer<TArgs>) => ReactNode;
  /** Interactions and assertions for some of the stories, by story name. */
  plays?: Record<string, NonNullable<Story<NoInfer<TArgs>>['play']>>;
}

export function defineStateView<TMachine extends AnyStateMachine, TArgs extends Args>(view: StateView<TMachine, TArgs>) {
  return view;
}

/** The story of one reachable state: its loader replays the path on a real actor, and the view shows the snapshot reached. */
export function storyAt<TMachine extends AnyStateMachine, TArgs extends Args>(
  view: StateView<TMachine, TArgs>,
  name: string,
  reaches: string,
  steps: StoryStep[],
): Story<TArgs> {
  return {
    loaders: [async () => ({ snapshot: await replay(view.stories, { reaches, steps }) })],
    render: (args, { loaded }) => <>{view.render(loaded.snapshot as SnapshotFrom<TMachine>, args)}</>,
    play: view.plays?.[name],
  };
}
