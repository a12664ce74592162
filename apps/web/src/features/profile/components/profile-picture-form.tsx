import { Avatar, Button, Group, Paper, Stack } from '@mantine/core';
import type { Persona } from '@prumo/contract/profiles';
import { useState } from 'react';
import { checkImageFile, FileField } from '../../../components/file-field';
import { SectionHeader } from '../../../components/section-header';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { formatPersonName } from '../../../lib/persona';
import { useEditProfile } from '../api/edit-profile';

/** Profile pictures the API takes (docs/identity-api.md): png, jpeg, webp up to 2 MB. */
const allowedPictures = {
  types: ['image/png', 'image/jpeg', 'image/webp'],
  extensions: ['png', 'jpg', 'jpeg', 'webp'],
} as const;

export function ProfilePictureForm({ persona }: { persona: Persona }) {
  const mutation = useEditProfile();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? checkImageFile(chosen, allowedPictures, 'Use uma imagem PNG, JPEG ou WEBP.') : null);
  };

  const upload = () => {
    if (!file) {
      setError('Selecione uma imagem');
      return;
    }
    if (error) return;
    mutation.mutate(
      { profilePicture: file },
      {
        onSuccess: () => {
          notifySuccess('Foto atualizada');
          setFile(null);
          setResetKey((key) => key + 1);
        },
        // The picture's error shows under its field, as a choice refused here does.
        onError: createFormMutationErrorHandler(
          { setFieldError: (_field, message) => setError(message) },
          { fields: ['profile_picture'] },
        ),
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <SectionHeader title="Foto de perfil" />
      <Group align="flex-start" gap="lg">
        <Avatar src={persona.profile_picture} name={formatPersonName(persona)} size={88} color="initials" />
        <Stack gap="sm" flex={1}>
          <FileField
            label="Foto de perfil"
            description="PNG, JPEG ou WEBP, até 2 MB."
            accept="image/png,image/jpeg,image/webp"
            error={error}
            onChange={chooseFile}
            resetKey={resetKey}
          />
          <Group>
            <Button onClick={upload} loading={mutation.isPending} disabled={Boolean(error)}>
              Enviar foto
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
