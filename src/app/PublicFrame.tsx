import type { ReactNode } from 'react';

export interface PublicFrameProps {
  runningAppVersion: string;
  /** Above the page: the loading bar, the admin-switch banner. */
  top?: ReactNode;
  children: ReactNode;
}

/** How the pages outside the app's shell are framed: the page, then the build's version. */
export function PublicFrame({ runningAppVersion, top, children }: PublicFrameProps) {
  return (
    <>
      {top}
      <main className="app-main">{children}</main>
      <footer className="app-footer">xFilter {runningAppVersion}</footer>
    </>
  );
}
