import { Avatar, Group, Text } from '@mantine/core';

/** A person in a list: their picture (or initials) beside their name. */
export function PersonName({ name, picture }: { name: string; picture: string | null }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={picture} name={name} size="sm" color="initials" />
      <Text size="sm">{name}</Text>
    </Group>
  );
}
