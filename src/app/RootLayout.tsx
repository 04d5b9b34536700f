import { Outlet } from 'react-router-dom';
import type { NoticeBoard } from './notices';
import { NoticeRelay } from './NoticeRelay';

export function RootLayout({ notices }: { notices: NoticeBoard }) {
  return (
    <>
      <NoticeRelay notices={notices} />
      <Outlet />
    </>
  );
}
