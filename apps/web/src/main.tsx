import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { router } from './app/router';

const raiz = document.getElementById('raiz');
if (!raiz) throw new Error('Elemento #raiz ausente em index.html');

createRoot(raiz).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
