import { Button, ColorInput, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Organization } from '@prumo/contract/organizations';
import { normalizeRedirectLink } from '@prumo/domain/account/fields';
import { OrganizationUpdateSchema } from '@prumo/domain/account/schemas';
import { useState } from 'react';
import { checkImageFile, FileField } from '../../../components/file-field';
import { SectionHeader } from '../../../components/section-header';
import { errorMessages, formatFirstFieldError, isApiError } from '../../../lib/errors';
import { createSchemaValidator } from '../../../lib/form-validation';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useSaveOrganizationTheme } from '../api/update-organization-theme';

/** Logo png, bmp, jpeg, jpg up to 2 MB; favicon PNG or ICO. */
const allowedLogos = {
  types: ['image/png', 'image/bmp', 'image/jpeg'],
  extensions: ['png', 'bmp', 'jpeg', 'jpg'],
} as const;
const allowedFavicons = {
  types: ['image/png', 'image/x-icon', 'image/vnd.microsoft.icon'],
  extensions: ['png', 'ico'],
} as const;

const themeValidator = createSchemaValidator(OrganizationUpdateSchema);

function toColorInput(hex: string | null, fallback: string): string {
  return `#${hex && /^[0-9a-f]{6}$/i.test(hex) ? hex : fallback}`;
}

/** Customização do Tema, without crop and zoom; the e-mail images have their own form. */
export function OrganizationThemeForm({ organization }: { organization: Organization }) {
  const mutation = useSaveOrganizationTheme();
  const [logo, setLogo] = useState<File | null>(null);
  const [favicon, setFavicon] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [faviconError, setFaviconError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const form = useForm({
    initialValues: {
      primary_color: toColorInput(organization.primary_color, '1c6fb8'),
      // The secondary colour defaults to black.
      secondary_color: toColorInput(organization.secondary_color, '000000'),
      link_redirect: organization.link_redirect ?? '',
    },
    validate: (values) =>
      themeValidator.validate({ ...values, link_redirect: normalizeRedirectLink(values.link_redirect) }),
    validateInputOnBlur: true,
  });

  const chooseLogo = (file: File | null) => {
    setLogo(file);
    setLogoError(file ? checkImageFile(file, allowedLogos, 'Use uma imagem PNG, BMP ou JPEG.') : null);
  };
  const chooseFavicon = (file: File | null) => {
    setFavicon(file);
    setFaviconError(file ? checkImageFile(file, allowedFavicons, 'Use um ícone PNG ou ICO.') : null);
  };

  const handleSubmit = form.onSubmit((values) => {
    // An organization needs a logo; one already stored is kept when no new file is chosen.
    if (!logo && !organization.logo) {
      setLogoError('Selecione uma imagem');
      notifyError('Selecione uma imagem');
      return;
    }
    if (logoError || faviconError) return;
    const linkRedirect = normalizeRedirectLink(values.link_redirect);
    const parsed = themeValidator.parse({ ...values, link_redirect: linkRedirect });
    if (!parsed.success) return;
    mutation.mutate(
      {
        slug: organization.slug,
        colors: { primary_color: parsed.data.primary_color, secondary_color: parsed.data.secondary_color },
        linkRedirect,
        logo,
        favicon,
      },
      {
        onSuccess: (saved) => {
          form.setFieldValue('link_redirect', saved.link_redirect ?? linkRedirect);
          setLogo(null);
          setFavicon(null);
          setResetKey((key) => key + 1);
          notifySuccess('Configurações alteradas com sucesso');
        },
        onError: (error) =>
          notifyMutationError(
            error,
            isApiError(error) ? formatFirstFieldError(error.data) : errorMessages.unknownError,
          ),
      },
    );
  });

  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Customização do Tema"
        description="Cores, logo, favicon e link de redirecionamento que seus clientes veem."
      />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ColorInput
              label="Cor primária"
              format="hex"
              withEyeDropper={false}
              {...form.getInputProps('primary_color')}
            />
            <ColorInput
              label="Cor secundária"
              format="hex"
              withEyeDropper={false}
              {...form.getInputProps('secondary_color')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap="xs">
              <FileField
                label="Logo"
                description="PNG, BMP ou JPEG, até 2 MB."
                accept=".png,.bmp,.jpeg,.jpg,image/png,image/bmp,image/jpeg"
                error={logoError}
                onChange={chooseLogo}
                resetKey={resetKey}
              />
              {organization.logo ? (
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    Logo atual:
                  </Text>
                  <Image
                    src={organization.logo}
                    alt={`Logo atual de ${organization.name}`}
                    h={40}
                    w="auto"
                    fit="contain"
                  />
                </Group>
              ) : null}
            </Stack>
            <Stack gap="xs">
              <FileField
                label="Favicon"
                description="Use 16x16 ou 32x32, PNG ou ICO."
                accept=".png,.ico,image/png,image/x-icon,image/vnd.microsoft.icon"
                error={faviconError}
                onChange={chooseFavicon}
                resetKey={resetKey}
              />
              {organization.favicon ? (
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    Favicon atual:
                  </Text>
                  <Image src={organization.favicon} alt="Favicon atual" h={24} w={24} fit="contain" />
                </Group>
              ) : null}
            </Stack>
          </SimpleGrid>
          <TextInput
            label="Link de redirecionamento"
            description="Para onde vão os usuários externos ao sair. Sem https://, nós acrescentamos."
            placeholder="https://www.suaempresa.com.br"
            {...form.getInputProps('link_redirect')}
            onBlur={(event) => {
              form.setFieldValue('link_redirect', normalizeRedirectLink(event.currentTarget.value));
              form.getInputProps('link_redirect').onBlur?.(event);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              Salvar alterações
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
