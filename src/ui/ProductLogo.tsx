export interface ProductLogoProps {
  size?: number;
}

/** The funnel mark; decorative, so the product name next to it carries the meaning. */
export function ProductLogo({ size = 40 }: ProductLogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--primary-color, #16a34a)" />
      <path d="M8 9h16l-6 8v6l-4 2v-8z" fill="#fff" />
    </svg>
  );
}
