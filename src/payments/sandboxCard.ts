import type { ApiClient } from '../api/client';
import { failureReason } from '../api/failureReason';
import { answerOf } from '../../machines/shared/stepFailure';
import type { CardEntry, CardFormLoad, CardTokenOutcome } from '../../machines/purchase/cardEntry';
import type { CardSlot } from './cardSlot';

/** What the sandbox card form holds: the number, the expiry as MM/YY and the CVC, as typed. */
export interface SandboxCardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_SANDBOX_CARD: SandboxCardFields = { number: '', expiry: '', cvc: '' };

export interface SandboxCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** The card as POST /sandbox/payments/card_tokens takes it, or null while a field is incomplete. */
export function sandboxCardOf(fields: SandboxCardFields): SandboxCard | null {
  const number = fields.number.replace(/\s/g, '');
  const expiry = /^(\d{2})\/(\d{2})$/.exec(fields.expiry.trim());
  const cvc = fields.cvc.trim();
  if (!/^\d{12,19}$/.test(number) || !expiry || !/^\d{3,4}$/.test(cvc)) return null;
  const month = Number(expiry[1]);
  if (month < 1 || month > 12) return null;
  return { number, exp_month: month, exp_year: 2000 + Number(expiry[2]), cvc };
}

/** POST /sandbox/payments/card_tokens: the sandbox provider's token, or its refusal in its own words (a declined card). */
export async function tokenizeSandboxCard(api: ApiClient, fields: SandboxCardFields, signal: AbortSignal): Promise<CardTokenOutcome> {
  const card = sandboxCardOf(fields);
  if (!card) return { kind: 'incomplete' };
  const { data, error, response } = await answerOf(() => api.POST('/sandbox/payments/card_tokens', { body: card, signal }));
  if (data) return { kind: 'token', token: data.token };
  return { kind: 'refused', message: failureReason(error, response) };
}

/**
 * The sandbox payment processor: its lab toggle (GET /status sandbox_toggles.payment_provider_blocked)
 * stands for an ad blocker blocking the processor's script; the form on screen tokenizes.
 */
export function sandboxCardEntry(api: ApiClient, slot: CardSlot): CardEntry {
  return {
    async load(signal): Promise<CardFormLoad> {
      const { data } = await answerOf(() => api.GET('/status', { signal }));
      return data?.sandbox_toggles?.payment_provider_blocked ? { kind: 'blocked' } : { kind: 'ready' };
    },
    tokenize: slot.tokenize,
  };
}
