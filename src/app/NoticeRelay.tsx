import { useEffect } from 'react';
import { useToast } from '../ui/toast';
import type { NoticeBoard } from './notices';

/** Shows the notices of the board as toasts. */
export function NoticeRelay({ notices }: { notices: NoticeBoard }) {
  const showToast = useToast();
  useEffect(() => notices.listen(showToast), [notices, showToast]);
  return null;
}
