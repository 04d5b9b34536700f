import { createContext, useCallback, useContext, useRef, type ReactNode } from 'react';
import { Toast, type ToastMessage } from 'primereact/toast';

export type ToastVariant = 'success' | 'info' | 'warning' | 'danger';

export interface ToastRequest {
  /** Defaults to the product name. */
  title?: string;
  message: string;
  variant?: ToastVariant;
}

export const DEFAULT_TOAST_TITLE = 'xFilter';

const SEVERITY_OF: Record<ToastVariant, NonNullable<ToastMessage['severity']>> = {
  success: 'success',
  info: 'info',
  warning: 'warn',
  danger: 'error',
};

type ShowToast = (toast: ToastRequest) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const toastRef = useRef<Toast>(null);
  const showToast = useCallback<ShowToast>(({ title = DEFAULT_TOAST_TITLE, message, variant = 'info' }) => {
    toastRef.current?.show({ severity: SEVERITY_OF[variant], summary: title, detail: message });
  }, []);
  return (
    <ToastContext.Provider value={showToast}>
      <Toast ref={toastRef} position="top-right" />
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const showToast = useContext(ToastContext);
  if (!showToast) throw new Error('useToast needs a ToastProvider above it');
  return showToast;
}
