/** Who the social network says a sign-in token belongs to. */
export interface VerifiedIdentity {
  /** The social-network profile id; members share it, which is how a user is linked to their member. */
  fb_user_id: string;
  /** The app-scoped id the network issued to xFilter, when it has one. */
  fb_auth_user_id?: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  avatar_url: string | null;
  fb_username?: string | null;
}

export interface IdentityProvider {
  /**
   * The identity behind a sign-in token, or null when the token is not valid. Rejects with an
   * UpstreamError when the network cannot be asked or its answer cannot be read.
   */
  verify(token: string): Promise<VerifiedIdentity | null>;
}
