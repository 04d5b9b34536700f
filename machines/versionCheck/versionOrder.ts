function versionParts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split(/[.+-]/)
    .map((part) => Number.parseInt(part, 10))
    .map((part) => (Number.isNaN(part) ? 0 : part));
}

/** True when `candidate` is a later dotted version than `current`; unknown versions are never newer. */
export function isNewerVersion(candidate: string | null, current: string | null): boolean {
  if (!candidate || !current) return false;
  const next = versionParts(candidate);
  const now = versionParts(current);
  for (let index = 0; index < Math.max(next.length, now.length); index += 1) {
    const difference = (next[index] ?? 0) - (now[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}
