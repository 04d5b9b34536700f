import type { ReactNode } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { ToastProvider } from '../ui/toast';

/**
 * PrimeReact's click ripple stays off: every button's ripple measures its button's layout when it
 * mounts, which on a phone's CPU held the dashboard's first paint by some 120 ms.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider>
      <ToastProvider>{children}</ToastProvider>
    </PrimeReactProvider>
  );
}
