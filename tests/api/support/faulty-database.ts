import type { Database } from '../../../server/db/connect';

type AnyObject = Record<string | symbol, unknown>;

function delegate(target: AnyObject, property: string | symbol) {
  const value = target[property];
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/**
 * The database with a fault to switch on: while armed, every transaction fails at the insert after
 * the first `insertsBeforeCrash`, the way a process that dies midway through a batch would. Armed
 * with crashAfterStatements, statements written as SQL (`execute`) count as inserts too.
 */
export function withInsertFault(database: Database) {
  let insertsBeforeCrash: number | undefined;
  let counted = new Set<string | symbol>(['insert']);
  const db = new Proxy(database.db as unknown as AnyObject, {
    get(target, property) {
      if (property !== 'transaction') return delegate(target, property);
      return (callback: (tx: unknown) => Promise<unknown>, config?: unknown) =>
        (target.transaction as (cb: (tx: AnyObject) => Promise<unknown>, config?: unknown) => Promise<unknown>)((tx) => {
          let inserts = 0;
          const faultyTx = new Proxy(tx, {
            get(txTarget, txProperty) {
              if (!counted.has(txProperty) || insertsBeforeCrash === undefined) return delegate(txTarget, txProperty);
              return (...args: unknown[]) => {
                inserts += 1;
                if (inserts > insertsBeforeCrash!) throw new Error('the process died midway through the batch');
                return (txTarget[txProperty] as (...args: unknown[]) => unknown).apply(txTarget, args);
              };
            },
          });
          return callback(faultyTx);
        }, config);
    },
  }) as unknown as Database['db'];
  return {
    database: { ...database, db },
    crashAfterInserts(count: number) {
      insertsBeforeCrash = count;
    },
    crashAfterStatements(count: number) {
      insertsBeforeCrash = count;
      counted = new Set(['insert', 'execute']);
    },
    heal() {
      insertsBeforeCrash = undefined;
      counted = new Set(['insert']);
    },
  };
}
