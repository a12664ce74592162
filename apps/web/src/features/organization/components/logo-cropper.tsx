import { Box, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import type { CropArea } from '../../../lib/cropped-image';

/** Wide for a top bar, or square for an emblem. */
const logoShapes = [
  { value: '3', label: 'Horizontal (3:1)' },
  { value: '1', label: 'Quadrado (1:1)' },
];

export const minimumZoom = 1;
export const maximumZoom = 3;

interface LogoCropperProps {
  /** The chosen picture (an object URL). */
  source: string;
  /** Called as the kept area changes, in the picture's pixels. */
  onAreaChange: (area: CropArea) => void;
}

/** Crop and zoom of the chosen logo: drag to place, slider (or wheel, or pinch) to zoom. */
export function LogoCropper({ source, onAreaChange }: LogoCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(minimumZoom);
  const [shape, setShape] = useState('3');
  return (
    <Stack gap="xs" data-testid="recorte-logo">
      <Text size="sm" fw={500}>
        Recorte do logo
      </Text>
      <Box pos="relative" h={220} bg="dark.6" style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          minZoom={minimumZoom}
          maxZoom={maximumZoom}
          aspect={Number(shape)}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_percentages, pixels) => onAreaChange(pixels)}
        />
      </Box>
      <Group gap="sm" wrap="nowrap">
        <Text size="xs" c="dimmed" id="logo-zoom-label">
          Zoom
        </Text>
        <Slider
          flex={1}
          min={minimumZoom}
          max={maximumZoom}
          step={0.1}
          value={zoom}
          onChange={setZoom}
          label={(value) => `${value.toFixed(1)}x`}
          thumbProps={{ 'aria-labelledby': 'logo-zoom-label' }}
        />
      </Group>
      <SegmentedControl size="xs" data={logoShapes} value={shape} onChange={setShape} aria-label="Formato do logo" />
    </Stack>
  );
}
