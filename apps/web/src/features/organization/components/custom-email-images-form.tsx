import { Button, Center, Group, Image, Loader, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CustomEmail } from '@prumo/contract/organizations';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { checkImageFile, FileField } from '../../../components/file-field';
import { SectionHeader } from '../../../components/section-header';
import { describeError, errorMessages, formatFirstFieldError, isApiError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useDeleteCustomEmail } from '../api/delete-custom-email';
import { useCustomEmails } from '../api/get-custom-emails';
import { useSaveCustomEmailImages } from '../api/save-custom-email-images';

/** custom_emails/: header and footer images, PNG or JPEG up to 2 MB. */
const allowedEmailImages = {
  types: ['image/png', 'image/jpeg'],
  extensions: ['png', 'jpg', 'jpeg'],
} as const;
const emailImageAccept = '.png,.jpg,.jpeg,image/png,image/jpeg';
const emailImageTypeMessage = 'Use uma imagem PNG ou JPG.';

const customEmailMessages = {
  created: 'Email customizado criado com sucesso',
  edited: 'Configurações alteradas com sucesso',
  removed: 'Imagens do e-mail removidas',
  noImage: 'Selecione uma imagem para o cabeçalho ou para o rodapé.',
} as const;

function notifyCustomEmailError(error: unknown): void {
  notifyMutationError(error, isApiError(error) ? formatFirstFieldError(error.data) : errorMessages.unknownError);
}

function CurrentEmailImage({ label, src }: { label: string; src: string | null }) {
  if (!src) {
    return (
      <Text size="xs" c="dimmed">
        Nenhuma imagem enviada.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}:
      </Text>
      <Image src={src} alt={`${label} do e-mail`} maw={360} h="auto" fit="contain" radius="sm" bd="1px solid gray.3" />
    </Stack>
  );
}

function CustomEmailImagesFields({
  organization,
  customEmail,
}: {
  organization: string;
  customEmail: CustomEmail | null;
}) {
  const saveMutation = useSaveCustomEmailImages();
  const deleteMutation = useDeleteCustomEmail();
  const [confirmingRemoval, removalConfirmation] = useDisclosure(false);
  const [headerImage, setHeaderImage] = useState<File | null>(null);
  const [footerImage, setFooterImage] = useState<File | null>(null);
  const [headerError, setHeaderError] = useState<string | null>(null);
  const [footerError, setFooterError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);

  const chooseHeaderImage = (file: File | null) => {
    setHeaderImage(file);
    setHeaderError(file ? checkImageFile(file, allowedEmailImages, emailImageTypeMessage) : null);
  };
  const chooseFooterImage = (file: File | null) => {
    setFooterImage(file);
    setFooterError(file ? checkImageFile(file, allowedEmailImages, emailImageTypeMessage) : null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The API needs at least one image per save.
    if (!headerImage && !footerImage) {
      notifyError(customEmailMessages.noImage);
      return;
    }
    if (headerError || footerError) return;
    const creating = customEmail === null;
    saveMutation.mutate(
      { organization, id: customEmail?.id ?? null, headerImage, footerImage },
      {
        onSuccess: (saved) => {
          setHeaderImage(null);
          setFooterImage(null);
          setResetKey((key) => key + 1);
          // Creation answers its own words; an edit answers none, so the theme's success text is used.
          notifySuccess(creating ? (saved.detail ?? customEmailMessages.created) : customEmailMessages.edited);
        },
        onError: notifyCustomEmailError,
      },
    );
  };

  const removeImages = () => {
    if (!customEmail) return;
    deleteMutation.mutate(
      { organization, id: customEmail.id },
      {
        onSuccess: () => notifySuccess(customEmailMessages.removed),
        onError: notifyCustomEmailError,
        onSettled: removalConfirmation.close,
      },
    );
  };

  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap="xs">
              <FileField
                label="Cabeçalho do e-mail"
                description="1200x200, PNG ou JPG"
                accept={emailImageAccept}
                error={headerError}
                onChange={chooseHeaderImage}
                resetKey={resetKey}
              />
              <CurrentEmailImage label="Cabeçalho atual" src={customEmail?.header_image ?? null} />
            </Stack>
            <Stack gap="xs">
              <FileField
                label="Rodapé do e-mail"
                description="PNG ou JPG"
                accept={emailImageAccept}
                error={footerError}
                onChange={chooseFooterImage}
                resetKey={resetKey}
              />
              <CurrentEmailImage label="Rodapé atual" src={customEmail?.footer_image ?? null} />
            </Stack>
          </SimpleGrid>
          <Group justify="flex-end">
            {customEmail ? (
              <Button type="button" variant="subtle" color="red" onClick={removalConfirmation.open}>
                Remover imagens do e-mail
              </Button>
            ) : null}
            <Button type="submit" loading={saveMutation.isPending}>
              Salvar imagens do e-mail
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirmingRemoval}
        onClose={removalConfirmation.close}
        title="Remover as imagens do e-mail?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">Os e-mails da organização voltam a sair sem cabeçalho e rodapé personalizados.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={removalConfirmation.close}>
              Cancelar
            </Button>
            <Button color="red" onClick={removeImages} loading={deleteMutation.isPending}>
              Sim, remover
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The e-mail header and footer images of the Customização do Tema screen. */
export function CustomEmailImagesForm({ organization }: { organization: string }) {
  const customEmails = useCustomEmails(organization);
  let content: ReactNode;
  if (customEmails.isPending) {
    content = (
      <Center p="md" role="status" aria-label="Carregando…">
        <Loader size="sm" />
      </Center>
    );
  } else if (customEmails.isError) {
    content = <ErrorState message={describeError(customEmails.error)} onRetry={() => customEmails.refetch()} />;
  } else {
    content = (
      <CustomEmailImagesFields organization={organization} customEmail={customEmails.data.results[0] ?? null} />
    );
  }
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Imagens do e-mail"
        description="Cabeçalho e rodapé dos e-mails que seus clientes recebem. PNG ou JPG, até 2 MB cada."
      />
      {content}
    </Paper>
  );
}
