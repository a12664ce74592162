import { Button, Group, Image, Modal, Stack, Stepper, Text } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { isLastStep, moveStep, type StatementGuide } from './guide-steps';

interface BankGuideDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The guide to show: a bank's as saved, or a manager's edited steps in preview. */
  guide: StatementGuide | null;
  /** Shown above the steps: another way to bring the bank's lines (the page decides which). */
  offer?: ReactNode;
}

/**
 * The dialog opens on top of the import dialog. Every open Mantine modal closes on an Escape
 * pressed anywhere unless the key's target carries this mark, so each element that can hold the
 * focus here carries it, and Escape closes this dialog alone.
 */
const keepsEscape = { 'data-mantine-stop-propagation': true } as const;

/** 'Alerta de integração': how to download a bank's statement, one step at a time. */
export function BankGuideDialog({ opened, onClose, guide, offer }: BankGuideDialogProps) {
  const [active, setActive] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  // Every opening starts from the first step, whichever bank it shows.
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened) setActive(0);
  }
  const steps = guide?.steps ?? [];
  const current = Math.min(active, Math.max(steps.length - 1, 0));
  const step = steps[current];
  const last = isLastStep(current, steps.length);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    onClose();
  };

  return (
    // Wide enough for an 800 × 500 illustration at full height; a phone gets the screen's width.
    <Modal.Root opened={opened} onClose={onClose} size={880} centered closeOnEscape={false} onKeyDown={closeOnEscape}>
      <Modal.Overlay />
      <Modal.Content {...keepsEscape}>
        <Modal.Header>
          <Modal.Title>Alerta de integração</Modal.Title>
          <Modal.CloseButton aria-label="Fechar" {...keepsEscape} />
        </Modal.Header>
        <Modal.Body>
          {guide ? (
            <Stack gap="md">
              {offer}
              <Text fw={600}>Como baixar o extrato: {guide.bankName}</Text>
              <Stepper active={current} onStepClick={setActive} allowNextStepsSelect={false} size="sm" iconSize={28}>
                {steps.map((_, index) => (
                  <Stepper.Step
                    // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the guide, which never reorders while shown
                    key={index}
                    aria-label={`Passo ${index + 1}`}
                    {...keepsEscape}
                  />
                ))}
              </Stepper>
              {step ? (
                <Stack gap="sm">
                  <Text size="sm" c="dimmed">
                    Passo {current + 1} de {steps.length}
                  </Text>
                  <Text style={{ overflowWrap: 'anywhere' }}>{step.text}</Text>
                  {step.image ? (
                    <Image
                      src={step.image}
                      alt={step.text}
                      fit="contain"
                      // 500 px tall on a wide screen; on a phone it shrinks to the width, never past it.
                      h={{ base: 'auto', sm: 500 }}
                      w="100%"
                      mah={500}
                    />
                  ) : null}
                </Stack>
              ) : null}
              <Group justify="space-between" gap="sm">
                {current > 0 ? (
                  <Button
                    variant="default"
                    onClick={() => setActive(moveStep(current, steps.length, -1))}
                    {...keepsEscape}
                  >
                    Voltar
                  </Button>
                ) : (
                  <span />
                )}
                {last ? (
                  <Button onClick={onClose} {...keepsEscape}>
                    Finalizar
                  </Button>
                ) : (
                  <Button onClick={() => setActive(moveStep(current, steps.length, 1))} {...keepsEscape}>
                    Próximo
                  </Button>
                )}
              </Group>
            </Stack>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
