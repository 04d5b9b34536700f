import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/routes';
import type { AccountAffiliate } from './accountAffiliate';
import './account.css';

export interface AccountProfile {
  name: string;
  email: string | null;
  /** The social-network profile id. */
  socialId: string | null;
  profileUrl: string | null;
}

export interface AccountCard {
  brand: string;
  last4: string;
}

export interface AccountViewProps {
  profile: AccountProfile;
  affiliate: AccountAffiliate;
  /** The saved card; null when the user has none. */
  card: AccountCard | null;
  /** Help & Support with the cancellation request filled in. */
  cancellationPath: string;
}

function Box({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="account__box" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const missing = <span className="account__missing">Not set</span>;

function AffiliateBox({ affiliate }: { affiliate: AccountAffiliate }) {
  if (affiliate.kind === 'off') return null;
  return (
    <Box title="Affiliate program">
      {affiliate.kind === 'loading' && (
        <p role="status">
          <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading your commission balance…
        </p>
      )}
      {affiliate.kind === 'failed' && <p role="alert">Your commission balance could not be loaded.</p>}
      {affiliate.kind === 'notJoined' && <p>Earn 30% recurring commission on every subscription you refer.</p>}
      {affiliate.kind === 'joined' && (
        <p>
          Commission balance: <strong aria-label="Commission balance">{affiliate.balance}</strong>
        </p>
      )}
      <Link to={pathTo('affiliates')} className="account__link">
        {affiliate.kind === 'joined' ? 'Open the affiliate program' : 'Join the affiliate program'}
      </Link>
    </Box>
  );
}

/** Your account: profile, affiliate program and subscription boxes. */
export function AccountView({ profile, affiliate, card, cancellationPath }: AccountViewProps) {
  return (
    <div className="account">
      <h1>Your account</h1>
      <div className="account__boxes">
        <Box title="Profile">
          <dl className="account__facts">
            <dt>Name</dt>
            <dd>{profile.name}</dd>
            <dt>Email</dt>
            <dd>{profile.email ?? missing}</dd>
            <dt>Social ID</dt>
            <dd>{profile.socialId ?? missing}</dd>
            <dt>Profile URL</dt>
            <dd>
              {profile.profileUrl ? (
                <a href={profile.profileUrl} target="_blank" rel="noreferrer">
                  {profile.profileUrl}
                </a>
              ) : (
                missing
              )}
            </dd>
          </dl>
        </Box>
        <AffiliateBox affiliate={affiliate} />
        <Box title="Subscription">
          <dl className="account__facts">
            <dt>Card</dt>
            <dd>{card ? `${card.brand} ending in ${card.last4}` : 'No card saved'}</dd>
          </dl>
          <div className="account__actions">
            <Link to={pathTo('change_card')} className="account__link">
              Update payment
            </Link>
            <Link to={cancellationPath} className="account__link">
              Cancel a subscription
            </Link>
          </div>
          <p className="account__note">Subscriptions are cancelled by our support team: the link opens a request you can send as it is.</p>
        </Box>
      </div>
    </div>
  );
}
