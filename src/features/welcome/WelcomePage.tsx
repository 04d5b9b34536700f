import { Button } from 'primereact/button';
import './welcome.css';

export interface WelcomePageProps {
  firstName: string;
  onContinue(): void;
}

/** Shown once, to a user who has just arrived. */
export function WelcomePage({ firstName, onContinue }: WelcomePageProps) {
  return (
    <section className="welcome-page" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome to xFilter, {firstName}!</h1>
      <p className="welcome-page__lead">
        xFilter keeps the groups you run healthy: it finds who is active and who is not, lets you whitelist the people who
        matter and removes the rest safely.
      </p>
      <ol className="welcome-page__steps">
        <li>
          <strong>Install the extension.</strong> It reads your group for you, right in your browser.
        </li>
        <li>
          <strong>Connect a group you administer.</strong> Members, posts and engagement are scanned in a few minutes.
        </li>
        <li>
          <strong>Review your members.</strong> Active, inactive, whitelisted and removed, each in its own list.
        </li>
      </ol>
      <Button label="Continue" icon="pi pi-arrow-right" iconPos="right" onClick={onContinue} />
    </section>
  );
}
