import { Button, ColorInput, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Organization } from '@prumo/contract/organizations';
import { normalizeRedirectLink } from '@prumo/domain/account/fields';
import { OrganizationUpdateSchema } from '@prumo/domain/account/schemas';
import { logoMessages } from '@prumo/domain/organization/logo';
import { useEffect, useState } from 'react';
import { checkImageFile, FileField } from '../../../components/file-field';
import { SectionHeader } from '../../../components/section-header';
import { type CropArea, convertDataUrlToFile, drawCroppedImage } from '../../../lib/cropped-image';
import { errorMessages, formatFirstFieldError, isApiError } from '../../../lib/errors';
import { createSchemaValidator } from '../../../lib/form-validation';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useSaveOrganizationTheme } from '../api/update-organization-theme';
import { LogoCropper } from './logo-cropper';

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

/** The chosen picture as the browser shows it, released when another is chosen or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * The logo as cropped: a file to upload, or the message why there is none ('Selecione uma imagem'
 * when nothing was drawn, 'Invalid Data URL' when the drawing is malformed, the size or type rule).
 */
async function produceCroppedLogo(source: string, area: CropArea | null, original: File): Promise<File | string> {
  const dataUrl = await drawCroppedImage(source, area, original.type);
  if (!dataUrl) return logoMessages.noImage;
  let cropped: File;
  try {
    cropped = convertDataUrlToFile(dataUrl, 'logo');
  } catch (error) {
    return error instanceof Error ? error.message : logoMessages.invalidDataUrl;
  }
  return checkImageFile(cropped, allowedLogos, 'Use uma imagem PNG, BMP ou JPEG.') ?? cropped;
}

/** Customização do Tema: colours, the logo with crop and zoom, favicon, redirect link; the e-mail images have their own form. */
export function OrganizationThemeForm({ organization }: { organization: Organization }) {
  const mutation = useSaveOrganizationTheme();
  const [logo, setLogo] = useState<File | null>(null);
  const logoSource = useObjectUrl(logo);
  const [cropArea, setCropArea] = useState<CropArea | null>(null);
  const [preparingLogo, setPreparingLogo] = useState(false);
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
    setCropArea(null);
    setLogoError(file ? checkImageFile(file, allowedLogos, 'Use uma imagem PNG, BMP ou JPEG.') : null);
  };
  const chooseFavicon = (file: File | null) => {
    setFavicon(file);
    setFaviconError(file ? checkImageFile(file, allowedFavicons, 'Use um ícone PNG ou ICO.') : null);
  };

  const refuseLogo = (message: string) => {
    setLogoError(message);
    notifyError(message);
  };

  const handleSubmit = form.onSubmit(async (values) => {
    // An organization needs a logo; one already stored is kept when no new file is chosen.
    if (!logo && !organization.logo) {
      refuseLogo(logoMessages.noImage);
      return;
    }
    if (logoError || faviconError) return;
    const linkRedirect = normalizeRedirectLink(values.link_redirect);
    const parsed = themeValidator.parse({ ...values, link_redirect: linkRedirect });
    if (!parsed.success) return;
    let croppedLogo: File | null = null;
    if (logo) {
      setPreparingLogo(true);
      const produced = logoSource ? await produceCroppedLogo(logoSource, cropArea, logo) : logoMessages.noImage;
      setPreparingLogo(false);
      if (typeof produced === 'string') {
        refuseLogo(produced);
        return;
      }
      croppedLogo = produced;
    }
    mutation.mutate(
      {
        slug: organization.slug,
        colors: { primary_color: parsed.data.primary_color, secondary_color: parsed.data.secondary_color },
        linkRedirect,
        logo: croppedLogo,
        favicon,
      },
      {
        onSuccess: (saved) => {
          form.setFieldValue('link_redirect', saved.link_redirect ?? linkRedirect);
          setLogo(null);
          setCropArea(null);
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
              {logoSource && !logoError ? <LogoCropper source={logoSource} onAreaChange={setCropArea} /> : null}
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
            <Button type="submit" loading={mutation.isPending || preparingLogo}>
              Salvar alterações
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
