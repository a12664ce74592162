import { Paper, Stack, Text } from '@mantine/core';
import type { ChallengePass, ChallengeWidget } from '@prumo/contract/challenge';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { requestApi } from '../lib/api-client';
import { isChallengeRequest, keepChallengePass } from '../lib/challenge';
import { describeError } from '../lib/errors';
import { PageLoader } from './page-loader';

// Loaded only when a form asks for it: the login page stays light.
const AltchaBox = lazy(() => import('./altcha-box'));

/** GET siteverify/: the widget's settings, a fresh puzzle each time. */
function getChallengeWidget(signal?: AbortSignal): Promise<ChallengeWidget> {
  return requestApi<ChallengeWidget>('siteverify/', { authenticated: false, signal });
}

/** POST siteverify/: a solution checked once, answered with the pass the form sends next. */
function verifyChallengeSolution(solution: string): Promise<ChallengePass> {
  return requestApi<ChallengePass>('siteverify/', { method: 'POST', body: { solution }, authenticated: false });
}

const serviceScripts = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
} as const;

interface ServiceApi {
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }): unknown;
}

const loadedScripts = new Map<string, Promise<void>>();

function loadScript(source: string): Promise<void> {
  let loaded = loadedScripts.get(source);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = source;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${source}`));
      document.head.append(script);
    });
    loadedScripts.set(source, loaded);
  }
  return loaded;
}

/** Cloudflare Turnstile or hCaptcha, when the organization's server is set up with one. */
function ServiceBox({
  provider,
  siteKey,
  onSolved,
}: {
  provider: keyof typeof serviceScripts;
  siteKey: string;
  onSolved: (solution: string) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const solvedRef = useRef(onSolved);
  solvedRef.current = onSolved;
  useEffect(() => {
    let cancelled = false;
    void loadScript(serviceScripts[provider]).then(() => {
      const api = (globalThis as unknown as Record<string, ServiceApi | undefined>)[provider];
      if (cancelled || !api || !boxRef.current) return;
      api.render(boxRef.current, { sitekey: siteKey, callback: (token) => solvedRef.current(token) });
    });
    return () => {
      cancelled = true;
    };
  }, [provider, siteKey]);
  return <div ref={boxRef} />;
}

function ChallengeBox() {
  const widget = useQuery({
    queryKey: ['challenge-widget'],
    queryFn: ({ signal }) => getChallengeWidget(signal),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const verification = useMutation({
    mutationFn: verifyChallengeSolution,
    onSuccess: (pass) => keepChallengePass(pass.token),
  });
  const solve = (solution: string) => verification.mutate(solution);

  return (
    <Paper withBorder p="sm" role="group" aria-label="Verificação de segurança">
      <Stack gap="xs">
        <Text size="sm">Muitos envios deste endereço. Confirme que você não é um robô para continuar.</Text>
        {widget.isPending ? <PageLoader label="Preparando a verificação…" /> : null}
        {widget.isError ? (
          <Text size="sm" c="red">
            {describeError(widget.error)}
          </Text>
        ) : null}
        {widget.data?.provider === 'altcha' ? (
          <Suspense fallback={<PageLoader label="Preparando a verificação…" />}>
            <AltchaBox challenge={widget.data.challenge} onSolved={solve} />
          </Suspense>
        ) : null}
        {widget.data && widget.data.provider !== 'altcha' ? (
          <ServiceBox provider={widget.data.provider} siteKey={widget.data.site_key} onSolved={solve} />
        ) : null}
        {verification.isSuccess ? (
          <Text size="sm" c="teal">
            Verificação concluída. Envie o formulário de novo.
          </Text>
        ) : null}
        {verification.isError ? (
          <Text size="sm" c="red">
            {describeError(verification.error)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Shown under a public form when its last send answered that a challenge is now required. */
export function ChallengePrompt({ error }: { error: unknown }) {
  return isChallengeRequest(error) ? <ChallengeBox /> : null;
}
