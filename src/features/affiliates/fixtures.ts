import type { Affiliate, AffiliateAnswer, EnableAnswer } from '../../../machines/affiliates/actors';

/** A joined affiliate who knows their password, with $89.10 of commission. */
export const AFFILIATE: Affiliate = {
  link: 'https://xfilter.example/?ref=ada-admin',
  login: 'ada@example.com',
  password: 'hive-camera-trail-42',
  balance: 8910,
};

/** An affiliate whose password was not chosen here: 'We don't know your password'. */
export const AFFILIATE_WITHOUT_PASSWORD: Affiliate = { ...AFFILIATE, link: 'https://xfilter.example/?ref=otto-owner', login: 'otto@example.com', password: null, balance: 0 };

export const NEW_EMAIL = 'nora@example.com';
export const INVALID_EMAIL = 'nora@example';

/** The affiliates workflow's server answers, by name: the stories and the model test share them. */
export const AFFILIATES_ANSWERS = {
  fetchAffiliate: {
    joined: { kind: 'loaded', affiliate: AFFILIATE },
    notJoined: { kind: 'loaded', affiliate: null },
    failed: { kind: 'failed', message: 'The server did not answer.' },
  } satisfies Record<string, AffiliateAnswer>,
  enableAffiliate: {
    enabled: { kind: 'enabled', affiliate: { ...AFFILIATE, login: NEW_EMAIL, balance: 0 } },
    refused: { kind: 'failed', message: 'Affiliate features are locked unless you have a paid group' },
  } satisfies Record<string, EnableAnswer>,
};
