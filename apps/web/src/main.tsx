import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build of RouterProvider, as React Router recommends for browsers: a navigation that asks for flushSync gets
// it; the others render in a transition.
import { RouterProvider } from 'react-router/dom';
import { prepareClassMerging } from '@/lib/cn';
import '@/lib/i18n';
import { preloadMessages } from '@/lib/messages';
import { queryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/service-worker';
import { BootFallback } from './app/boot-fallback';
import { firstPageSettled } from './app/first-page-settled';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* The first page waits for its language's texts (lib/i18n.ts), as a lazy page waits for its code. */}
      <Suspense fallback={<BootFallback />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);

prepareClassMerging();
void firstPageSettled(router, queryClient).then(registerServiceWorker);
// The shared and server messages (lib/messages.ts) are not part of the first page: they load once it is up.
preloadMessages();
