import { Text, type TextProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { shortenText } from '../../../lib/format';

/** File names display shortened at 35 characters. */
export const fileNameDisplayLength = 35;

/** A file's name shortened at 35 characters, the full name in a tooltip when cut. */
export function FileName({ name, ...textProperties }: { name: string } & TextProps) {
  const shortened = shortenText(name, fileNameDisplayLength);
  if (shortened === name) {
    return (
      <Text size="sm" fw={600} {...textProperties}>
        {name}
      </Text>
    );
  }
  return (
    <Tooltip label={name} withArrow multiline maw={360}>
      <Text size="sm" fw={600} {...textProperties}>
        {/* Screen readers get the full name; the eye gets the short one and the tooltip. */}
        <span aria-hidden>{shortened}</span>
        <VisuallyHidden>{name}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}
