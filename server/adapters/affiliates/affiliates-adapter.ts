/** Who joins the referral programme: the affiliate service's account is made with these. */
export interface NewAffiliate {
  firstName: string;
  lastName: string;
  /** The affiliate dashboard login. */
  email: string;
  /** The dashboard password, chosen here so the Affiliates page can show it. */
  password: string;
}

/** The affiliate service (Tapfiliate, or the sandbox's stand-in) as the referral programme needs it. */
export interface AffiliatesAdapter {
  /** Creates the affiliate and adds them to the programme; answers the service's id for them. If either step fails, nothing is left behind. */
  createAffiliate(affiliate: NewAffiliate): Promise<{ id: string }>;
  /** Deletes an affiliate made here that could not be kept. */
  removeAffiliate(affiliateId: string): Promise<void>;
  /** The affiliate's referral link: absolute, or a path on our own origin (the sandbox's). */
  referralLink(affiliateId: string): Promise<string>;
  /** The commission the programme owes the affiliate, in USD cents. */
  balanceCents(affiliateId: string): Promise<number>;
}
