/** Runs what it is given one at a time, in the order it was given, whatever each one's outcome. */
export type OneAtATime = <T>(work: () => Promise<T>) => Promise<T>;

export function oneAtATime(): OneAtATime {
  let previous: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = previous.then(work);
    previous = run.catch(() => undefined);
    return run;
  };
}

/** Runs each piece of work at once: for a caller with nobody to take turns with. */
export const rightAway: OneAtATime = (work) => work();
