import { Paper, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError } from '../lib/errors';
import { ErrorState } from './error-state';
import { SectionHeader } from './section-header';

/**
 * A settings section of the organization's screens: its title (also its region's name), what it is
 * for, and its form once the stored settings arrived (a skeleton before, a retry on error).
 */
export function SettingsPanel<Data>({
  title,
  description,
  settings,
  skeletonHeight = 120,
  children,
}: {
  title: string;
  description: string;
  settings: UseQueryResult<Data>;
  skeletonHeight?: number;
  children: (data: Data) => ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <SectionHeader title={title} description={description} />
      {settings.isPending ? (
        <Skeleton h={skeletonHeight} />
      ) : settings.isError ? (
        <ErrorState message={describeError(settings.error)} onRetry={() => settings.refetch()} />
      ) : (
        children(settings.data)
      )}
    </Paper>
  );
}
