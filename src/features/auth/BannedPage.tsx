import { Button } from 'primereact/button';
import { EntryCard } from './EntryCard';

export interface BannedPageProps {
  supportEmail: string;
  loggingOut: boolean;
  onLogout(): void;
}

/** All a banned user sees. The support form is closed to them, so the support link is an email address. */
export function BannedPage({ supportEmail, loggingOut, onLogout }: BannedPageProps) {
  return (
    <EntryCard title="Account suspended">
      <p className="entry-card__lead">Your account has been flagged for policy violations.</p>
      <p className="entry-card__lead">
        If you think this is a mistake, write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      <Button label="Logout" icon="pi pi-sign-out" outlined loading={loggingOut} onClick={onLogout} />
    </EntryCard>
  );
}
