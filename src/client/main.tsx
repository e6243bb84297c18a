import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { Router } from './router/router.tsx';
import { pages } from './routes.tsx';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Router pages={pages} layout={SiteLayout} />
    </QueryClientProvider>
  </StrictMode>,
);
