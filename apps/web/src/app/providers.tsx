import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { snackbarTimeouts } from '../lib/notifications';
import { queryClient } from '../lib/query-client';
import { createBrandTheme, useBrand } from '../lib/theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const brand = useBrand();
  // The theme follows the organization being shown (white-label at run time).
  const theme = useMemo(() => createBrandTheme(brand), [brand]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="bottom-center" autoClose={snackbarTimeouts.default} zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
