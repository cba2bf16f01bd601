import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createApi } from './api/context';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

const api = createApi();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders api={api}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
