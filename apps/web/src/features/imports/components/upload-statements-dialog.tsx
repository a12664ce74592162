import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, List, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { RejectedFile, UploadAnswer } from '@prumo/contract/imports';
import { type ReactNode, useRef, useState } from 'react';
import {
  acceptedStatementExtensions,
  maximumStatementBytes,
  maximumStatementFiles,
  maximumUploadBytes,
  uploadMessages,
} from '../api/upload-statements';
import { type UploadPhase, useStatementUpload } from '../hooks/use-statement-upload';
import { FileName } from './file-name';
import { UploadResult } from './upload-result';

const acceptAttribute = acceptedStatementExtensions.map((extension) => `.${extension}`).join(',');

function readExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function isSameFile(first: File, second: File): boolean {
  return first.name === second.name && first.size === second.size && first.lastModified === second.lastModified;
}

/**
 * Only xlsx, ofx and xls are accepted, others are refused on the spot; the API's
 * limits (20 MB a file, 20 files, 60 MB in all) are checked here too, so nothing is sent only to fail.
 */
function sortChosenFiles(picked: readonly File[], alreadyChosen: readonly File[]) {
  const accepted: File[] = [];
  const refused: RejectedFile[] = [];
  let totalBytes = alreadyChosen.reduce((total, file) => total + file.size, 0);
  for (const file of picked) {
    if (!(acceptedStatementExtensions as readonly string[]).includes(readExtension(file.name))) {
      refused.push({ name: file.name, detail: uploadMessages.invalidType });
    } else if (file.size > maximumStatementBytes) {
      refused.push({ name: file.name, detail: uploadMessages.tooLarge });
    } else if ([...alreadyChosen, ...accepted].some((chosen) => isSameFile(chosen, file))) {
      // Chosen twice: once is enough.
    } else if (alreadyChosen.length + accepted.length >= maximumStatementFiles) {
      refused.push({ name: file.name, detail: uploadMessages.tooMany });
    } else if (totalBytes + file.size > maximumUploadBytes) {
      refused.push({ name: file.name, detail: uploadMessages.uploadTooLarge });
    } else {
      totalBytes += file.size;
      accepted.push(file);
    }
  }
  return { accepted, refused };
}

const sizeFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormatter.format(bytes / 1024)} kB`;
  return `${sizeFormatter.format(bytes / (1024 * 1024))} MB`;
}

interface UploadStatementsDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After the result shows: the page refreshes what the new lines change (the cash flow). */
  onUploaded?: (answer: UploadAnswer) => void;
  /** The imported files screen, where new accounts' pendencies are solved. */
  filesHref?: string;
  /**
   * How to download a statement from one's bank, from the screen that opens the dialog (features
   * do not import each other): shown under the file chooser and when files could not be read.
   */
  guide?: ReactNode;
}

/** 'Importar extratos': choose statements, send them with progress, then each file's result. */
export function UploadStatementsDialog({ opened, onClose, onUploaded, filesHref, guide }: UploadStatementsDialogProps) {
  const upload = useStatementUpload({ onUploaded });
  const [chosen, setChosen] = useState<File[]>([]);
  const [refused, setRefused] = useState<RejectedFile[]>([]);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  // After a result, more files join the same import (import-bundle/{id}/add/).
  const [bundleId, setBundleId] = useState<number | null>(null);
  const openPickerRef = useRef<() => void>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  // Closed by the address (the browser's back) rather than by onClose: start afresh when reopened.
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened && !upload.busy) {
      upload.reset();
      setChosen([]);
      setRefused([]);
      setSelectionError(null);
      setBundleId(null);
    }
  }

  const clearChoice = () => {
    setChosen([]);
    setRefused([]);
    setSelectionError(null);
  };

  const close = () => {
    if (upload.busy) return;
    upload.reset();
    clearChoice();
    setBundleId(null);
    onClose();
  };

  const chooseFiles = (picked: File[]) => {
    const { accepted, refused: newlyRefused } = sortChosenFiles(picked, chosen);
    setChosen([...chosen, ...accepted]);
    setRefused(newlyRefused);
    // When every file is refused, it is an error.
    setSelectionError(
      picked.length > 0 && accepted.length === 0 && newlyRefused.length > 0 ? uploadMessages.allRejected : null,
    );
  };

  const { phase } = upload;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Importar extratos"
      size="lg"
      centered
      closeOnClickOutside={!upload.busy}
      closeOnEscape={!upload.busy}
      withCloseButton={!upload.busy}
    >
      {phase.name === 'choosing' ? (
        <Stack gap="sm">
          <Dropzone
            onDrop={chooseFiles}
            multiple
            inputProps={{ accept: acceptAttribute, 'aria-label': 'Arquivos de extrato' }}
            openRef={openPickerRef}
          >
            <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
              <Text fw={600}>Arraste os extratos para cá ou clique para escolher</Text>
              <Text size="sm" c="dimmed">
                Arquivos OFX, XLS ou XLSX, até 20 MB cada (60 MB por envio) e no máximo {maximumStatementFiles} por vez
              </Text>
            </Stack>
          </Dropzone>
          <Group justify="center">
            <Button variant="default" size="xs" onClick={() => openPickerRef.current?.()}>
              Escolher arquivos
            </Button>
          </Group>
          {guide}
          {selectionError ? (
            <Alert color="red" variant="light" role="alert" title={selectionError}>
              <RefusedList files={refused} />
            </Alert>
          ) : refused.length > 0 ? (
            <Alert color="yellow" variant="light" title="Arquivos recusados">
              <RefusedList files={refused} />
            </Alert>
          ) : null}
          {chosen.length > 0 ? (
            <Stack gap={4} role="list" aria-label="Arquivos escolhidos">
              {chosen.map((file) => (
                <Group key={`${file.name}-${file.size}-${file.lastModified}`} justify="space-between" role="listitem">
                  <Group gap="xs" wrap="nowrap">
                    <FileName name={file.name} fw={400} />
                    <Text size="xs" c="dimmed">
                      {formatFileSize(file.size)}
                    </Text>
                  </Group>
                  <Button
                    variant="subtle"
                    color="gray"
                    size="compact-xs"
                    aria-label={`Remover ${file.name}`}
                    onClick={() => setChosen(chosen.filter((other) => other !== file))}
                  >
                    Remover
                  </Button>
                </Group>
              ))}
            </Stack>
          ) : null}
          {bundleId !== null ? (
            <Text size="sm" c="dimmed">
              Os arquivos entram na mesma importação dos anteriores.
            </Text>
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button disabled={chosen.length === 0} onClick={() => upload.start(chosen, bundleId)}>
              Enviar arquivos
            </Button>
          </Group>
        </Stack>
      ) : (
        <UploadProgress
          phase={phase}
          filesHref={filesHref}
          guide={guide}
          onMore={(answer) => {
            setBundleId(answer.bundle.id);
            clearChoice();
            upload.reset();
          }}
          onRetry={upload.reset}
          onClose={close}
        />
      )}
    </Modal>
  );
}

function RefusedList({ files }: { files: RejectedFile[] }) {
  return (
    <List size="sm" spacing={2}>
      {files.map((file) => (
        <List.Item key={file.name}>
          {file.name}: {file.detail}
        </List.Item>
      ))}
    </List>
  );
}

interface UploadProgressProps {
  phase: Exclude<UploadPhase, { name: 'choosing' }>;
  filesHref?: string;
  guide?: ReactNode;
  onMore: (answer: UploadAnswer) => void;
  onRetry: () => void;
  onClose: () => void;
}

function UploadProgress({ phase, filesHref, guide, onMore, onRetry, onClose }: UploadProgressProps) {
  if (phase.name === 'uploading') {
    const percent = Math.round(phase.progress * 100);
    return (
      <Stack gap="xs" py="md">
        <Text size="sm">Enviando arquivos… {percent}%</Text>
        <Progress value={percent} animated aria-label="Progresso do envio" />
      </Stack>
    );
  }
  if (phase.name === 'processing') {
    return (
      <Stack align="center" gap="xs" py="xl" role="status" aria-label="Processando arquivos">
        <Loader />
        <Text size="sm">Processando arquivos…</Text>
        <Text size="xs" c="dimmed">
          Lendo as transações e separando as repetidas.
        </Text>
      </Stack>
    );
  }
  if (phase.name === 'failed') {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert" title="Não foi possível importar os arquivos">
          <Stack gap={4}>
            <Text size="sm">{phase.message}</Text>
            {phase.files.length > 0 ? (
              <List size="sm" spacing={2}>
                {phase.files.map((file) => (
                  <List.Item key={file}>{file}</List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        </Alert>
        {guide}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={onRetry}>Tentar novamente</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <UploadResult answer={phase.answer} filesHref={filesHref} />
      {/* A file not read is often the wrong kind of statement: the guide shows which to download. */}
      {phase.answer.rejected.length > 0 ? guide : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onMore(phase.answer)}>
          Importar mais arquivos
        </Button>
        <Button onClick={onClose}>Concluir</Button>
      </Group>
    </Stack>
  );
}
