import { Image, Text } from '@mantine/core';
import { useBrand } from '../lib/theme';

export function BrandLogo({ height = 40 }: { height?: number }) {
  const brand = useBrand();
  if (brand.logo) {
    return <Image src={brand.logo} alt={brand.name} h={height} w="auto" fit="contain" />;
  }
  return (
    <Text fw={700} size="xl" c="brand.7">
      {brand.name}
    </Text>
  );
}
