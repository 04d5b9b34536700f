import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateNode } from 'xstate';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

type AnyStateNode = StateNode<any, any>;

const isWithin = (node: AnyStateNode, ancestor: AnyStateNode) => {
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) if (at === ancestor) return true;
  return false;
};

/**
 * A state that runs something (a fetch, a save) and takes, while it runs, an event that leads back
 * into itself must restart what it runs: XState leaves a state it transitions into from within it
 * unless the transition says `reenter: true`, so the work goes on with what the state was entered
 * with and the click that changed it is lost (a tab chosen while the first page loads showed the
 * first tab's rows under the new tab's title). The machine's root is left out: what it invokes lives
 * as long as the machine.
 */
function unrestartedTransitions(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const walk = (node: AnyStateNode) => {
    if (node.parent && node.invoke.length > 0) {
      for (const [event, transitions] of node.transitions) {
        for (const transition of transitions) {
          if (transition.reenter) continue;
          for (const target of transition.target ?? []) if (isWithin(target, node)) found.push(`${node.id} on ${event} → ${target.id}`);
        }
      }
    }
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return found;
}

const machineFiles = readdirSync(join(root, 'machines'))
  .map((folder) => `machines/${folder}/machine.ts`)
  .filter((file) => existsSync(join(root, file)));

describe('a state that runs something restarts it when an event leads back into it', () => {
  it.each(machineFiles)('%s', async (file) => {
    const machines = Object.values(await import(join(root, file))).filter(
      (value): value is AnyStateMachine => typeof value === 'object' && value !== null && 'root' in value,
    );
    expect(machines.length).toBeGreaterThan(0);
    expect(machines.flatMap(unrestartedTransitions)).toEqual([]);
  });
});
