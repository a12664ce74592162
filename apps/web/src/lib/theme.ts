import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { filterOptionsIgnoringAccents } from './options-filter';
import { readCachedTheme, saveCachedTheme } from './storage';

/** Run-time white-label theme: the organization's colours, logo, favicon and name. */
export interface Brand {
  /** Hex without '#'. */
  primaryColor: string;
  /** Hex without '#'. */
  secondaryColor: string;
  logo: string | null;
  favicon: string | null;
  name: string;
}

export const defaultBrand: Brand = {
  primaryColor: '1c6fb8',
  secondaryColor: '000000',
  logo: null,
  favicon: null,
  name: 'Prumo',
};

function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{6}$/i.test(value);
}

function readInitialBrand(): Brand {
  const text = readCachedTheme();
  if (!text) return defaultBrand;
  try {
    const cached = JSON.parse(text) as Partial<Brand>;
    return {
      primaryColor: isHexColor(cached.primaryColor) ? cached.primaryColor : defaultBrand.primaryColor,
      secondaryColor: isHexColor(cached.secondaryColor) ? cached.secondaryColor : defaultBrand.secondaryColor,
      logo: typeof cached.logo === 'string' ? cached.logo : null,
      favicon: typeof cached.favicon === 'string' ? cached.favicon : null,
      name: typeof cached.name === 'string' ? cached.name : defaultBrand.name,
    };
  } catch {
    return defaultBrand;
  }
}

let currentBrand = readInitialBrand();
const listeners = new Set<() => void>();

function applyDocumentBrand(brand: Brand): void {
  document.title = brand.name;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  // An empty data URL stops the browser from asking for /favicon.ico.
  link.href = brand.favicon ?? 'data:,';
}

applyDocumentBrand(currentBrand);

export function setBrand(brand: Brand, options: { remember?: boolean } = {}): void {
  const same =
    brand.primaryColor === currentBrand.primaryColor &&
    brand.secondaryColor === currentBrand.secondaryColor &&
    brand.logo === currentBrand.logo &&
    brand.favicon === currentBrand.favicon &&
    brand.name === currentBrand.name;
  if (options.remember) saveCachedTheme(JSON.stringify(brand));
  if (same) return;
  currentBrand = brand;
  applyDocumentBrand(brand);
  for (const listener of listeners) listener();
}

function subscribeToBrand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBrand(): Brand {
  return useSyncExternalStore(subscribeToBrand, () => currentBrand);
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mixWith(hex: string, target: [number, number, number], weight: number): string {
  const source = parseHex(hex);
  const mixed = source.map((channel, index) => Math.round(channel + ((target[index] ?? 0) - channel) * weight));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Ten shades for Mantine with the organization's colour exactly at shade 6 (the primary shade):
 * lighter shades are tints towards white, darker ones shades towards black.
 */
export function generatePalette(hex: string): MantineColorsTuple {
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const tints = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((weight) => mixWith(hex, white, weight));
  const shades = [0.14, 0.28, 0.42].map((weight) => mixWith(hex, black, weight));
  const [t0, t1, t2, t3, t4, t5] = tints as [string, string, string, string, string, string];
  const [s7, s8, s9] = shades as [string, string, string];
  return [t0, t1, t2, t3, t4, t5, `#${hex}`, s7, s8, s9];
}

/** Breakpoints xs 320, sm 540, md 800, lg 1280 px; xl is the desktop start just above the 1360 px mobile threshold. */
const breakpoints = { xs: '20em', sm: '33.75em', md: '50em', lg: '80em', xl: '85.0625em' };

export function createBrandTheme(brand: Brand) {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    colors: { brand: generatePalette(brand.primaryColor), secondary: generatePalette(brand.secondaryColor) },
    breakpoints,
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Plain objects, not Component.extend(), so the theme does not pull every component into the first bundle.
    // The toggle's name avoids the word "senha": getByLabel('Senha') must find the field alone.
    components: {
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar caracteres' } },
      },
      // Every searchable picker finds 'Água' by 'agua'.
      Select: { defaultProps: { filter: filterOptionsIgnoringAccents } },
      MultiSelect: { defaultProps: { filter: filterOptionsIgnoringAccents } },
      Autocomplete: { defaultProps: { filter: filterOptionsIgnoringAccents } },
    },
  });
}
