/**
 * The card form as the payment workflows see it, whichever provider draws it (the sandbox form or
 * Stripe Elements, src/payments): it loads the provider's script, then turns what the user typed
 * into a card token.
 */
export interface CardEntry {
  /** Loads the payment processor; `blocked` when its script cannot load (an ad blocker, or the sandbox toggle). */
  load(signal: AbortSignal): Promise<CardFormLoad>;
  tokenize(signal: AbortSignal): Promise<CardTokenOutcome>;
}

export type CardFormLoad = { kind: 'ready' } | { kind: 'blocked' };

/**
 * What tokenizing the card gave: a token; an incomplete card with nothing the provider says about it;
 * the provider's own refusal (its message: a field it finds wrong, a declined card); or the
 * processor being blocked after all.
 */
export type CardTokenOutcome =
  | { kind: 'token'; token: string }
  | { kind: 'incomplete' }
  | { kind: 'refused'; message: string }
  | { kind: 'blocked' };
