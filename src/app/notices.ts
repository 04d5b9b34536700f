import type { ToastRequest } from '../ui/toast';

/**
 * Toasts asked for outside React (route loaders, the session machine), shown by NoticeRelay.
 * A notice posted before the relay listens waits for it.
 */
export interface NoticeBoard {
  post(notice: ToastRequest): void;
  listen(show: (notice: ToastRequest) => void): () => void;
}

export function createNoticeBoard(): NoticeBoard {
  const waiting: ToastRequest[] = [];
  let listener: ((notice: ToastRequest) => void) | null = null;
  return {
    post(notice) {
      if (listener) listener(notice);
      else waiting.push(notice);
    },
    listen(show) {
      listener = show;
      waiting.splice(0).forEach(show);
      return () => {
        if (listener === show) listener = null;
      };
    },
  };
}
