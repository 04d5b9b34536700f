/** How a press on 'Sign in with Facebook' ended. */
export type IdentityOutcome =
  /** The social network vouched for the user: trade this token for ours with POST /session. */
  | { kind: 'token'; facebookToken: string }
  /** The sign-in continues on another page of the app (the sandbox account picker). */
  | { kind: 'redirect'; to: string }
  /** Cancelled or failed: the login page shows its error. */
  | { kind: 'failed' };

/** The social network's sign-in as the page sees it: the real SDK or the sandbox stand-in. */
export interface IdentityAdapter {
  /** Gets ready ahead of the click (loads the SDK), so the login popup opens inside the user's gesture. */
  prepare(): void;
  signIn(): Promise<IdentityOutcome>;
}
