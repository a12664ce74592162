import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/pt-br';
import type {} from 'altcha/types/react';
import PbkdfWorker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';

// The proof-of-work runs in a worker served with the app's own files (the page's policy allows no blob: workers).
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new PbkdfWorker());
}

interface AltchaBoxProps {
  challenge: Record<string, unknown>;
  /** The widget's payload once the work is done, for POST siteverify/. */
  onSolved: (solution: string) => void;
}

/** Prumo's own challenge (altcha): the browser works about a second, no outside service involved. */
export default function AltchaBox({ challenge, onSolved }: AltchaBoxProps) {
  const widgetRef = useRef<HTMLElement>(null);
  const solvedRef = useRef(onSolved);
  solvedRef.current = onSolved;

  useEffect(() => {
    const widget = widgetRef.current as HTMLElementTagNameMap['altcha-widget'] | null;
    if (!widget) return;
    const handleVerified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) solvedRef.current(payload);
    };
    widget.addEventListener('verified', handleVerified);
    void widget.configure({
      challenge: challenge as never,
      auto: 'onload',
      language: 'pt-br',
      hideFooter: true,
      hideLogo: true,
    });
    return () => widget.removeEventListener('verified', handleVerified);
  }, [challenge]);

  return <altcha-widget ref={widgetRef} />;
}
