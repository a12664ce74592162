import { Button, CopyButton, Group, TextInput } from '@mantine/core';

/** A read-only link with a copy button, for invitation links that are sent to people. */
export function CopyLinkField({ label, link }: { label: string; link: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={link} readOnly flex={1} onFocus={(event) => event.currentTarget.select()} />
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} miw={96}>
            {copied ? 'Copiado' : 'Copiar'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
