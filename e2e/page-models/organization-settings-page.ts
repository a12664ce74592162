import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

const crcTable = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function computeCrc(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function buildPngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(computeCrc(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour, `width`×`height`: a logo with room to crop and zoom. */
export function createPngLogo(width: number, height: number, name = 'logo-grande.png') {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x0b, 0x72, 0x85]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    buildPngChunk('IHDR', header),
    buildPngChunk('IDAT', deflateSync(pixels)),
    buildPngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A PNG image a manager can choose as a logo (1×1 pixel, teal). */
export const tinyPngLogo = {
  name: 'logo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** /app/{organization}/configuracao/organizacao: 'Customização do Tema', for managers. */
export class OrganizationSettingsPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly primaryColourField: Locator;
  readonly secondaryColourField: Locator;
  readonly logoField: Locator;
  readonly currentLogo: Locator;
  readonly saveButton: Locator;
  readonly logoCropper: Locator;
  readonly zoomSlider: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole('heading', { name: 'Customização do Tema', exact: true });
    this.primaryColourField = page.getByLabel('Cor primária', { exact: true });
    this.secondaryColourField = page.getByLabel('Cor secundária', { exact: true });
    this.logoField = page.getByLabel('Logo', { exact: true });
    this.currentLogo = page.getByRole('img', { name: /^Logo atual de / });
    this.saveButton = page.getByRole('button', { name: 'Salvar alterações', exact: true });
    this.logoCropper = page.getByTestId('recorte-logo');
    this.zoomSlider = this.logoCropper.getByRole('slider', { name: 'Zoom' });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'configuracao/organizacao');
  }

  /** Types a colour ('#2f9e44') into the primary colour picker's field. */
  async setPrimaryColour(hex: string): Promise<void> {
    await this.primaryColourField.fill(hex);
    await this.primaryColourField.press('Escape');
  }

  async chooseLogo(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.logoField.setInputFiles(file);
  }

  /** Zooms the chosen logo in by `steps` tenths with the keyboard, as the slider allows. */
  async zoomIn(steps: number): Promise<void> {
    await this.zoomSlider.focus();
    for (let step = 0; step < steps; step += 1) await this.zoomSlider.press('ArrowRight');
  }

  /** The stored logo's own size, once it has loaded. */
  async currentLogoSize(): Promise<{ width: number; height: number }> {
    return this.currentLogo.evaluate((image: { naturalWidth: number; naturalHeight: number }) => ({
      width: image.naturalWidth,
      height: image.naturalHeight,
    }));
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
