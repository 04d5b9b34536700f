import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { SandboxAccount } from '../../identity/sandboxAccounts';
import { pathTo } from '../../app/routes';
import { EntryCard } from './EntryCard';

export type SandboxAccountsView =
  | { state: 'loading' }
  | { state: 'loaded'; accounts: SandboxAccount[] }
  | { state: 'failed'; reason: string };

export interface SandboxSignInPageProps {
  accounts: SandboxAccountsView;
  /** The account being signed in as, while that is under way. */
  signingInAs: string | null;
  /** Why signing in as the chosen account did not work. */
  signInFailure: string | null;
  onChoose(accountId: string): void;
  onRetry(): void;
}

const ROLE_LABELS: Record<SandboxAccount['role'], string> = {
  group_admin: 'Group admin',
  group_subscriber: 'Group member',
  supervisor: 'Supervisor',
  banned: 'Banned',
  new_user: 'New user',
};

function AccountsLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the sandbox accounts" className="entry-card__accounts">
      <Skeleton height="4.5rem" />
      <Skeleton height="4.5rem" />
      <Skeleton height="4.5rem" />
    </div>
  );
}

function AccountList({ accounts, signingInAs, onChoose }: { accounts: SandboxAccount[]; signingInAs: string | null; onChoose(id: string): void }) {
  return (
    <ul className="entry-card__accounts" aria-label="Sandbox accounts">
      {accounts.map((account) => (
        <li key={account.id}>
          <button
            type="button"
            className="sandbox-account"
            disabled={signingInAs !== null}
            aria-busy={signingInAs === account.id}
            onClick={() => onChoose(account.id)}
          >
            <span className="sandbox-account__name">
              {signingInAs === account.id && <span className="pi pi-spin pi-spinner" aria-hidden="true" />}
              {account.name}
              <Tag value={ROLE_LABELS[account.role]} severity={account.role === 'banned' ? 'danger' : 'info'} />
            </span>
            <span className="sandbox-account__description">{account.description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The sandbox stand-in for the social network's login: pick who to be. */
export function SandboxSignInPage({ accounts, signingInAs, signInFailure, onChoose, onRetry }: SandboxSignInPageProps) {
  return (
    <EntryCard title="Sandbox sign-in" lead="This server runs the sandbox world. Choose the account to sign in as.">
      {signInFailure && <Message severity="error" className="entry-card__message" text={signInFailure} />}
      {accounts.state === 'loading' && <AccountsLoading />}
      {accounts.state === 'loaded' && <AccountList accounts={accounts.accounts} signingInAs={signingInAs} onChoose={onChoose} />}
      {accounts.state === 'failed' && (
        <>
          <Message
            severity="error"
            className="entry-card__message"
            text={`The sandbox accounts could not be loaded. ${accounts.reason}`}
          />
          <Button label="Try again" icon="pi pi-refresh" outlined onClick={onRetry} />
        </>
      )}
      <p className="entry-card__links">
        <Link to={pathTo('login')}>Back to sign-in</Link>
      </p>
    </EntryCard>
  );
}
