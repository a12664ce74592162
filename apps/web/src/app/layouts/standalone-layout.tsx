import { Box, Center, Container } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { defaultBrand, setBrand } from '../../lib/theme';

/** Pages outside any organization (organization sign-up, fast access) wear the product's own theme. */
export function StandaloneLayout() {
  useEffect(() => {
    setBrand(defaultBrand);
  }, []);
  return (
    <Box mih="100vh" bg="gray.0">
      <Container size={720} py={{ base: 'md', sm: 48 }} px="md">
        <Center mb="lg">
          <BrandLogo height={48} />
        </Center>
        <Outlet />
      </Container>
    </Box>
  );
}
