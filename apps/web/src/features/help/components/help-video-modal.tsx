import { AspectRatio, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { OnboardingVideo } from '@prumo/contract/help';
import { cutHelpDescription, defaultHelpVideoTitle, helpVideoOrigins } from '@prumo/domain/help/help';
import { useState } from 'react';

/** Only the two privacy-friendly players are ever framed (the policy allows no other). */
function isAllowedVideoSource(source: string): boolean {
  return helpVideoOrigins.some((origin) => source.startsWith(`${origin}/`));
}

/**
 * The help-video modal: title ('Tutorial' unless the video has one), the embedded video, its
 * description cut at 1000 characters, 'Não exibir novamente' and 'Fechar'. While hidden it keeps
 * no video source, so nothing keeps playing behind it.
 */
export function HelpVideoModal({
  video,
  opened,
  onClose,
}: {
  video: Pick<OnboardingVideo, 'id' | 'title' | 'description' | 'videoSource'> | null;
  opened: boolean;
  onClose: (options: { hideForever: boolean }) => void;
}) {
  const [hideForever, setHideForever] = useState(false);
  const source = opened && video && isAllowedVideoSource(video.videoSource) ? video.videoSource : null;
  const close = () => {
    onClose({ hideForever });
    setHideForever(false);
  };
  return (
    <Modal opened={opened} onClose={close} title={video?.title || defaultHelpVideoTitle} size="lg" centered>
      <Stack gap="md">
        <AspectRatio ratio={16 / 9}>
          {source ? (
            <iframe
              src={source}
              title={video?.title || defaultHelpVideoTitle}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
              style={{ border: 0 }}
            />
          ) : (
            <div />
          )}
        </AspectRatio>
        {video?.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {cutHelpDescription(video.description)}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Checkbox
            label="Não exibir novamente"
            checked={hideForever}
            onChange={(event) => setHideForever(event.currentTarget.checked)}
          />
          <Button onClick={close}>Fechar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
