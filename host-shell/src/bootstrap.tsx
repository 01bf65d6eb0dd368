import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createHostEnvironment } from './app/host-environment';

const { services, registry } = createHostEnvironment();
// Release flow (a): remotes.json is read at every start, in parallel with the session restore.
void registry.start();

const container =
  document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <StrictMode>
    <App services={services} registry={registry} />
  </StrictMode>,
);
