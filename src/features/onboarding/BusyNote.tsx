import { ProgressSpinner } from 'primereact/progressspinner';

/** Work under way that reports no progress of its own: a spinner and what is happening. */
export function BusyNote({ text }: { text: string }) {
  return (
    <div className="onboarding-step__busy" role="status">
      <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
