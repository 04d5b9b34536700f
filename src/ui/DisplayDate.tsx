import { formatDisplayDate, formatUtcTooltip } from './displayDate';

export interface DisplayDateProps {
  iso: string;
  /** A zone for stories and tests; the viewer's own zone otherwise. */
  zone?: string;
}

/** A date as the lists show it, with the UTC time as its tooltip. */
export function DisplayDate({ iso, zone }: DisplayDateProps) {
  return (
    <time dateTime={iso} title={formatUtcTooltip(iso)}>
      {formatDisplayDate(iso, zone)}
    </time>
  );
}
