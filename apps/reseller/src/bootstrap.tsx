import { createRoot } from 'react-dom/client';
import { StandaloneRemote } from '@smsc/shared-ui';
import { resellerModule } from '@smsc/reseller-routes';

// Standalone mode for the team that owns this remote: its routes in a bare frame, no shell.
createRoot(document.getElementById('root') as HTMLElement).render(<StandaloneRemote module={resellerModule} />);
