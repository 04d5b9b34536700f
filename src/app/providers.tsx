import type { ReactNode } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { ToastProvider } from '../ui/toast';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ ripple: true }}>
      <ToastProvider>{children}</ToastProvider>
    </PrimeReactProvider>
  );
}
