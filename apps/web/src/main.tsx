import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { normalizeEntryAddress } from './lib/entry-address';
import { registerNavigate } from './lib/navigation';

// Before the router reads the address: hash-style addresses become plain paths, ?token= is stored.
normalizeEntryAddress();
const router = createAppRouter();
registerNavigate((to, options) => router.navigate(to, options));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('O elemento #root não existe em index.html.');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
