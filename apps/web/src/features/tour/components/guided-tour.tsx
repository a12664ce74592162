import { Button, Group, Paper, Text } from '@mantine/core';
import type { AccessLevel } from '@prumo/domain/auth/roles';
import { type Driver, driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { useEffect, useRef } from 'react';
import { useSaveTourProgress, useTourProgress } from '../api/tour-progress';
import { requestTourStart, useTourStartRequested } from '../api/tour-start';
import { type TourStep, tourSteps } from './tour-steps';

/** The first of a step's marks that is on screen (the side menu is hidden behind its button on phones). */
function findTarget(step: TourStep): Element | undefined {
  for (const mark of step.targets) {
    const element = document.querySelector(`[data-tour="${mark}"]`);
    if (!element) continue;
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.right > 0 && box.left < window.innerWidth) return element;
  }
  return undefined;
}

/**
 * The first-sign-in tour of the role, on the dashboard. Until it is finished it is offered at the top
 * of the dashboard (in the page, so nothing is covered until the user says yes); Reset Tour starts it
 * at once, and a tour left halfway goes on where it stopped. Each step reached is kept on the server.
 */
export function GuidedTour({ role, onDashboard }: { role: AccessLevel; onDashboard: boolean }) {
  const progress = useTourProgress();
  const save = useSaveTourProgress();
  const requested = useTourStartRequested();
  const running = useRef<Driver | null>(null);
  const saveRef = useRef(save.mutate);
  saveRef.current = save.mutate;

  const pending = onDashboard && progress.data !== undefined && !progress.data.register_tour;
  const startStep = progress.data?.step ?? 0;
  const shouldRun = pending && (requested || startStep > 0);

  useEffect(() => {
    if (!shouldRun || running.current) return;
    const steps = tourSteps[role];
    // The shell has painted its marks by the next frame.
    const frame = window.requestAnimationFrame(() => {
      const tour = driver({
        showProgress: true,
        progressText: '{{current}} de {{total}}',
        nextBtnText: 'Próximo',
        prevBtnText: 'Anterior',
        doneBtnText: 'Concluir',
        allowClose: true,
        steps: steps.map((step) => ({
          element: () => findTarget(step) as Element,
          popover: { title: step.title, description: step.description },
        })),
        onHighlighted: (_element, _step, { state }) => {
          const index = state.activeIndex ?? 0;
          if (index > 0) saveRef.current({ register_tour: false, step: index });
        },
        // Called whenever the person ends it ('Concluir', the close button, Escape, a click outside),
        // even mid-animation (driver.js skips onDestroyed then); leaving the dashboard does not call it.
        onDestroyStarted: (_element, _step, { driver: tour }) => {
          running.current = null;
          requestTourStart(false);
          saveRef.current({ register_tour: true });
          tour.destroy();
        },
      });
      running.current = tour;
      tour.drive(Math.min(startStep, steps.length - 1));
    });
    return () => window.cancelAnimationFrame(frame);
  }, [shouldRun, role, startStep]);

  // Leaving the dashboard ends the running tour without finishing it: it goes on when the user is back.
  useEffect(() => {
    if (shouldRun) return;
    const tour = running.current;
    if (!tour) return;
    running.current = null;
    tour.destroy();
  }, [shouldRun]);

  if (!pending || shouldRun) return null;
  return (
    <Paper withBorder p="sm" mb="md" aria-label="Tour guiado" component="section">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">Primeira vez aqui? Um tour rápido mostra onde fica cada coisa.</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => save.mutate({ register_tour: true })}>
            Agora não
          </Button>
          <Button size="xs" onClick={() => requestTourStart()}>
            Fazer o tour
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
