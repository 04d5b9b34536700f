import type { ConnectAdapter } from '../adapters/connect';
import type { AppDb } from '../db/connect';
import { MATCH_TASK_KIND } from '../domain/payment-account';
import { matchCustomersStep } from './match-customers';
import type { TaskKinds } from './runner';

export * from './runner';

/** Every kind of durable task the server runs, by kind. */
export function serverTaskKinds(db: AppDb, connect: ConnectAdapter): TaskKinds {
  return { [MATCH_TASK_KIND]: matchCustomersStep(db, connect) };
}
