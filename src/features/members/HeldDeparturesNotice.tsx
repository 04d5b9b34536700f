import { Button } from 'primereact/button';
import type { DeparturesNotice } from '../../../machines/heldDepartures/selectors';

export interface HeldDeparturesNoticeProps {
  notice: DeparturesNotice;
  onConfirm: () => void;
  onKeep: () => void;
}

/** The departures a members scan held for the admin: what it did not see, and Confirm or Keep. */
export function HeldDeparturesNotice({ notice, onConfirm, onKeep }: HeldDeparturesNoticeProps) {
  const waiting = notice.deciding !== null;
  return (
    <section className="held-departures" aria-labelledby="held-departures-title">
      <i className="pi pi-exclamation-triangle held-departures__icon" aria-hidden="true" />
      <div className="held-departures__text">
        <h2 id="held-departures-title">Members scan held</h2>
        <p>{notice.message}</p>
        {notice.sample && <p className="held-departures__sample">{notice.sample}</p>}
        {notice.failure && (
          <p className="held-departures__failure" role="alert">
            {notice.failure}
          </p>
        )}
      </div>
      <div className="held-departures__actions">
        <Button label="Confirm" size="small" severity="danger" loading={notice.deciding === 'confirm'} disabled={waiting} onClick={onConfirm} />
        <Button label="Keep" size="small" outlined loading={notice.deciding === 'keep'} disabled={waiting} onClick={onKeep} />
      </div>
    </section>
  );
}
