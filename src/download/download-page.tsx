import { SessionGuard } from '../components/session-guard.tsx';
import { DownloadPanel } from './download-panel.tsx';

/** The download page's island: the panel, once a session is confirmed. */
export const DownloadPage = () => (
  <SessionGuard>
    <DownloadPanel />
  </SessionGuard>
);
