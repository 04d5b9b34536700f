import { readPaymentAccount } from '../domain/payment-account';
import type { HandlerContext, HandlerGroup } from './types';

export function paymentAccountHandlers({ db }: HandlerContext): HandlerGroup {
  return {
    async getPaymentAccount(request) {
      const { id } = request.params;
      const account = await readPaymentAccount(db, id);
      return {
        properties: { company_name: account.companyName, onboarding: account.onboarding },
        tasks: account.tasks.map((task) => ({
          task_id: task.id,
          properties: {
            status: task.status,
            progress: task.progress,
            start_timestamp: task.startedAt ? Math.floor(task.startedAt.getTime() / 1000) : null,
          },
        })),
      };
    },
  };
}
