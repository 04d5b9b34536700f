/** What a supervisor's switch into another user's account keeps, so 'Back to admin account' can restore it. */
export interface SwitchRecord {
  previousToken: string;
  /** Where the supervisor was when they switched; they return there. */
  returnUrl: string;
}

/** The session's memory across reloads; the machine holds the truth, this keeps a copy. */
export interface SessionStore {
  readToken(): string | null;
  saveToken(token: string): void;
  readSwitch(): SwitchRecord | null;
  saveSwitch(record: SwitchRecord): void;
  /** Forgets the token and any switch record: nobody is signed in any more. */
  forgetSession(): void;
  forgetSwitch(): void;
  readTermsAccepted(): boolean;
  saveTermsAccepted(accepted: boolean): void;
  /** The page a token link asked to come back to (its `redirect` query); onboarding returns there when it completes. */
  saveBackUrl(url: string | null): void;
}

export const SESSION_KEYS = {
  token: 'xfilter.token',
  previousToken: 'xfilter.previousToken',
  returnUrl: 'xfilter.returnUrl',
  switched: 'xfilter.switched',
  termsAccepted: 'xfilter.termsAccepted',
  backUrl: 'xfilter.backUrl',
} as const;

export function createSessionStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): SessionStore {
  const forgetSwitch = () => {
    storage.removeItem(SESSION_KEYS.previousToken);
    storage.removeItem(SESSION_KEYS.returnUrl);
    storage.removeItem(SESSION_KEYS.switched);
  };
  return {
    readToken: () => storage.getItem(SESSION_KEYS.token),
    saveToken: (token) => storage.setItem(SESSION_KEYS.token, token),
    readSwitch() {
      const previousToken = storage.getItem(SESSION_KEYS.previousToken);
      if (storage.getItem(SESSION_KEYS.switched) !== '1' || !previousToken) return null;
      return { previousToken, returnUrl: storage.getItem(SESSION_KEYS.returnUrl) ?? '/' };
    },
    saveSwitch({ previousToken, returnUrl }) {
      storage.setItem(SESSION_KEYS.previousToken, previousToken);
      storage.setItem(SESSION_KEYS.returnUrl, returnUrl);
      storage.setItem(SESSION_KEYS.switched, '1');
    },
    forgetSession() {
      storage.removeItem(SESSION_KEYS.token);
      forgetSwitch();
    },
    forgetSwitch,
    readTermsAccepted: () => storage.getItem(SESSION_KEYS.termsAccepted) === '1',
    saveTermsAccepted: (accepted) => storage.setItem(SESSION_KEYS.termsAccepted, accepted ? '1' : '0'),
    saveBackUrl: (url) => (url ? storage.setItem(SESSION_KEYS.backUrl, url) : storage.removeItem(SESSION_KEYS.backUrl)),
  };
}
