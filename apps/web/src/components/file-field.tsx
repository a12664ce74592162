import { Button, Group, Input, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';

interface FileFieldProps {
  label: string;
  description?: string;
  error?: string | null;
  accept: string;
  onChange: (file: File | null) => void;
  /** Bumped by the parent to empty the input after an upload. */
  resetKey?: number;
}

// Hidden from sight but not from keyboards, screen readers or tests (setInputFiles needs a real input).
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A real file input named by its label, shown as a pt-BR button and the chosen name: the native
 * control's texts follow the browser's language, not the app's.
 */
export function FileField({ label, description, error, accept, onChange, resetKey }: FileFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const [lastResetKey, setLastResetKey] = useState(resetKey);
  if (lastResetKey !== resetKey) {
    setLastResetKey(resetKey);
    setFileName(null);
  }

  return (
    <Input.Wrapper id={id} label={label} description={description} error={error} pos="relative">
      <Group gap="sm" mt={6} wrap="nowrap">
        <Button
          component="span"
          aria-hidden
          variant="default"
          size="xs"
          style={focused ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 2 } : undefined}
          onClick={() => inputRef.current?.click()}
        >
          Escolher arquivo
        </Button>
        <Text size="sm" c="dimmed" truncate="end">
          {fileName ?? 'Nenhum arquivo escolhido'}
        </Text>
      </Group>
      <input
        key={resetKey}
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        style={visuallyHidden}
        aria-invalid={Boolean(error)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0] ?? null;
          setFileName(file?.name ?? null);
          onChange(file);
        }}
      />
    </Input.Wrapper>
  );
}

/** Size limit (2 MB) of the logo, of profile pictures and of the e-mail images. */
export const maxImageBytes = 2_097_152;

/** Checks a chosen file's type (by MIME or extension) and size; returns the error text or null. */
export function checkImageFile(
  file: File,
  allowed: { types: readonly string[]; extensions: readonly string[] },
  typeMessage: string,
): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeAllowed = allowed.types.includes(file.type) || allowed.extensions.includes(extension);
  if (!typeAllowed) return typeMessage;
  if (file.size > maxImageBytes) return 'A imagem deve ter no máximo 2 MB.';
  return null;
}
