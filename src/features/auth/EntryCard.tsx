import type { ReactNode } from 'react';
import { ProductLogo } from '../../ui/ProductLogo';
import './entry.css';

export interface EntryCardProps {
  title: string;
  lead?: string;
  children: ReactNode;
}

/** The product mark and one card in the middle of the page: how the pages outside the app look. */
export function EntryCard({ title, lead, children }: EntryCardProps) {
  return (
    <div className="entry-page">
      <p className="entry-page__brand">
        <ProductLogo size={36} />
        <span>xFilter</span>
      </p>
      <section className="entry-card" aria-labelledby="entry-card-title">
        <h1 id="entry-card-title" className="entry-card__title">
          {title}
        </h1>
        {lead && <p className="entry-card__lead">{lead}</p>}
        {children}
      </section>
    </div>
  );
}
