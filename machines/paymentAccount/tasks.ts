import type { PaymentTask } from './actors';

/** A match process still under way: anything not completed (spec part 2 §4, payment tasks). Completed ones are hidden. */
export function isUnfinished(task: PaymentTask): boolean {
  return task.properties.status !== 'completed';
}

/** The account is polled while a match process is under way, or while there are none yet (the data is still loading). */
export function awaitsMatchProcesses(tasks: readonly PaymentTask[]): boolean {
  return tasks.length === 0 || tasks.some(isUnfinished);
}
