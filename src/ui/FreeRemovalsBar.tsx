import { ProgressBar } from 'primereact/progressbar';
import { freeRemovalsBarSeverity } from './removalsSeverity';
import '../styles/free-removals-bar.css';

export interface FreeRemovalsBarProps {
  left: number;
  limit: number;
}

/** A thin bar of the free removals still left, coloured by how few remain. */
export function FreeRemovalsBar({ left, limit }: FreeRemovalsBarProps) {
  const percentLeft = limit > 0 ? Math.round((left / limit) * 100) : 0;
  return (
    <ProgressBar
      className={`free-removals-bar free-removals-bar--${freeRemovalsBarSeverity({ left, limit })}`}
      value={percentLeft}
      showValue={false}
      aria-label={`${left} of ${limit} free removals left`}
    />
  );
}
