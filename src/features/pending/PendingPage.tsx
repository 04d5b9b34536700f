import './pending.css';

export interface PendingPageProps {
  title: string;
}

/** A page whose feature has not been built yet: its title and an honest empty panel, inside the shell. */
export function PendingPage({ title }: PendingPageProps) {
  return (
    <section className="pending-page" aria-labelledby="pending-page-title">
      <h1 id="pending-page-title">{title}</h1>
      <div className="pending-page__panel">
        <span className="pi pi-inbox" aria-hidden="true" />
        <p>Nothing to show here yet.</p>
      </div>
    </section>
  );
}
