import type { CardTokenOutcome } from '../../machines/purchase/cardEntry';

export type Tokenize = (signal: AbortSignal) => Promise<CardTokenOutcome>;

/**
 * Where the card form on screen plugs in its tokenizer, so the workflow's CardEntry reaches the
 * form that is drawn now. With no form on screen there is no card to tokenize.
 */
export interface CardSlot {
  /** The form's tokenizer, from when it mounts; answers the detach. */
  attach(tokenize: Tokenize): () => void;
  tokenize: Tokenize;
}

export function createCardSlot(): CardSlot {
  let attached: Tokenize | null = null;
  return {
    attach(tokenize) {
      attached = tokenize;
      return () => {
        if (attached === tokenize) attached = null;
      };
    },
    tokenize: (signal) => (attached ? attached(signal) : Promise.resolve({ kind: 'incomplete' })),
  };
}
