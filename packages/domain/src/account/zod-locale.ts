import { z } from 'zod';

/** zod's own messages (for rules without a message of the spec's) in Portuguese; imported once per app. */
export function useBrazilianPortugueseMessages(): void {
  z.config(z.locales.pt());
}
