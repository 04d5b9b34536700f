import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { expect, it } from 'vitest';
import { assertModelIsComplete, type ModelImplementation } from './modelGuard';
import { measurePathCoverage } from './pathCoverage';
import { namePath } from './pathNames';

interface ModelPath<Implementation> {
  state: AnyMachineSnapshot;
  steps: ReadonlyArray<{ state: AnyMachineSnapshot; event: EventObject }>;
  test(implementation: Implementation): Promise<unknown>;
}

export interface ModelChecks<System extends { stop(): void }, Implementation extends ModelImplementation> {
  machine: AnyStateMachine;
  paths: ReadonlyArray<ModelPath<NoInfer<Implementation>>>;
  /** A fresh system for one path: the machine and whatever the view under test needs. */
  startSystem(): System;
  implementationFor(system: System): Implementation;
  /** Names events whose payloads are too big to print in a test name. */
  labelAnswer?(event: EventObject): string | undefined;
}

/**
 * The checks every model test makes of its machine: the model asserts every state and executes
 * every event, its paths take every transition, and each path passes on a system of its own.
 */
export function itChecksEveryPath<System extends { stop(): void }, Implementation extends ModelImplementation>({
  machine,
  paths,
  startSystem,
  implementationFor,
  labelAnswer,
}: ModelChecks<System, Implementation>): void {
  it('has an assertion for every state and an executor for every event', () => {
    const system = startSystem();
    try {
      assertModelIsComplete(machine, implementationFor(system));
    } finally {
      system.stop();
    }
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(machine, [...paths])).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it.each(paths.map((path) => [namePath(path, labelAnswer), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    try {
      await path.test(implementationFor(system));
    } finally {
      system.stop();
    }
  });
}
