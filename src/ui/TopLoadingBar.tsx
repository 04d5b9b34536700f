import { ProgressBar } from 'primereact/progressbar';

export interface TopLoadingBarProps {
  active: boolean;
}

/** The thin green line across the top of the window while a page is loading. */
export function TopLoadingBar({ active }: TopLoadingBarProps) {
  if (!active) return null;
  return <ProgressBar mode="indeterminate" className="top-loading-bar" aria-label="Loading the page" />;
}
