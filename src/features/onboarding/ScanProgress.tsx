import { ProgressBar } from 'primereact/progressbar';
import type { RobotProgress } from '../../robot/protocol';

export interface ScanProgressProps {
  /** What is being counted, e.g. 'members'. */
  noun: string;
  progress: RobotProgress | null;
}

/** A robot scan under way: done of total when the robot knows the total, else how many so far. */
export function ScanProgress({ noun, progress }: ScanProgressProps) {
  const total = progress?.total ?? null;
  const done = progress?.done ?? 0;
  const text = total === null ? `${done.toLocaleString('en-US')} ${noun} so far` : `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}`;
  return (
    <div className="scan-progress">
      {total === null ? (
        <ProgressBar mode="indeterminate" aria-label={`Scanning ${noun}`} aria-valuetext={text} className="scan-progress__bar" />
      ) : (
        <ProgressBar
          value={total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100))}
          showValue={false}
          aria-label={`Scanning ${noun}`}
          aria-valuetext={text}
          className="scan-progress__bar"
        />
      )}
      <p className="scan-progress__count" aria-live="polite">
        {text}
      </p>
    </div>
  );
}
