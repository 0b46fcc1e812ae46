import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CarregamentoProvider } from '../components/feedback/CarregamentoProvider';
import { SnackbarProvider } from '../components/feedback/SnackbarProvider';
import { queryClient } from './query-client';
import { tema } from './tema';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={tema}>
        <CssBaseline />
        <CarregamentoProvider>
          <SnackbarProvider>{children}</SnackbarProvider>
        </CarregamentoProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
