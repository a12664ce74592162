import type { UploadAnswer } from '@prumo/contract/imports';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/errors';
import { uploadMessages, useUploadStatements } from '../api/upload-statements';

/** The upload result is set after a 2.5 s delay. */
export const uploadResultDelayMs = 2500;

export type UploadPhase =
  | { name: 'choosing' }
  | { name: 'uploading'; progress: number }
  | { name: 'processing' }
  | { name: 'done'; answer: UploadAnswer }
  | { name: 'failed'; message: string; files: string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A failed upload: the server's detail and, when no file could be imported (400), each file's reason. */
function describeUploadFailure(error: unknown): { message: string; files: string[] } {
  if (!isApiError(error)) return { message: uploadMessages.unavailable, files: [] };
  const files = isRecord(error.data) && Array.isArray(error.data.files) ? error.data.files : [];
  return { message: error.message, files: files.filter((file): file is string => typeof file === 'string') };
}

/**
 * The steps of an upload: sending (with progress), processing (the server reading the files, then
 * a 2.5 s delay), and the result or the failure. Leaving the screen cancels what is under way.
 */
export function useStatementUpload({ onUploaded }: { onUploaded?: (answer: UploadAnswer) => void } = {}) {
  const upload = useUploadStatements();
  const [phase, setPhase] = useState<UploadPhase>({ name: 'choosing' });
  const controllerRef = useRef<AbortController | null>(null);
  const timerRef = useRef<number | null>(null);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    },
    [],
  );

  const start = (files: File[], bundleId: number | null = null) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setPhase({ name: 'uploading', progress: 0 });
    upload.mutate(
      {
        files,
        bundleId,
        signal: controller.signal,
        // Once every byte is sent, the server is still reading: that is "processing".
        onProgress: (fraction) =>
          setPhase(fraction >= 1 ? { name: 'processing' } : { name: 'uploading', progress: fraction }),
      },
      {
        onSuccess: (answer) => {
          setPhase({ name: 'processing' });
          timerRef.current = window.setTimeout(() => {
            timerRef.current = null;
            setPhase({ name: 'done', answer });
            onUploaded?.(answer);
          }, uploadResultDelayMs);
        },
        onError: (error) => {
          if (controller.signal.aborted) return;
          setPhase({ name: 'failed', ...describeUploadFailure(error) });
        },
      },
    );
  };

  const reset = () => setPhase({ name: 'choosing' });

  return { phase, start, reset, busy: phase.name === 'uploading' || phase.name === 'processing' };
}
