import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/app-router';
import { createHostEnvironment } from './app/host-environment';

const { services, registry } = createHostEnvironment();
// Release flow (a): remotes.json is read at every start, in parallel with the session restore.
void registry.start();
// After createHostEnvironment (it may rewrite the URL), and once per page: outside the React tree,
// so StrictMode's double render does not create a second router listening to the history.
const router = createAppRouter();

const container =
  document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <StrictMode>
    <App services={services} registry={registry} router={router} />
  </StrictMode>,
);
