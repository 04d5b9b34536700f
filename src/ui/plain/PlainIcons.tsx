/*
 * The few icons the login page draws, as inline SVG: the icon font would be one more download
 * before the page is complete. They take the theme's `p-icon` size and the text's colour.
 */

interface IconProps {
  className?: string;
}

const svgProps = (className: string | undefined) => ({
  className: `p-icon ${className ?? ''}`,
  width: 14,
  height: 14,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
});

export function FacebookIcon({ className }: IconProps) {
  return (
    <svg {...svgProps(className)} fill="currentColor">
      <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07" />
    </svg>
  );
}

export function CheckIcon({ className }: IconProps) {
  return (
    <svg {...svgProps(className)} fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 12.5l5 5L20 6.5" />
    </svg>
  );
}

export function TimesCircleIcon({ className }: IconProps) {
  return (
    <svg {...svgProps(className)} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
      <circle cx="12" cy="12" r="10" />
      <path d="M15 9l-6 6M9 9l6 6" />
    </svg>
  );
}

export function SpinnerIcon({ className }: IconProps) {
  return (
    <svg {...svgProps(`pi-spin ${className ?? ''}`)} fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round">
      <path d="M12 2a10 10 0 1 0 10 10" />
    </svg>
  );
}
