import { useSyncExternalStore } from 'react';

/**
 * Whether the user asked for the tour now (Reset Tour): then it starts at once on the dashboard
 * instead of being offered. Kept in memory: a reload offers it again.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestTourStart(value = true): void {
  requested = value;
  for (const listener of listeners) listener();
}

export function useTourStartRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
  );
}
