import { Center, Loader } from '@mantine/core';

export function PageLoader({ label = 'Carregando…' }: { label?: string }) {
  return (
    <Center mih={200} p="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
