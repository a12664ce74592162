import { describe, expect, it } from 'vitest';
import { convertDataUrlToFile } from './cropped-image';

describe('convertDataUrlToFile', () => {
  it('makes a file of the cropped picture, named after its type', async () => {
    const png = convertDataUrlToFile('data:image/png;base64,iVBORw==', 'logo');
    expect(png.name).toBe('logo.png');
    expect(png.type).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(convertDataUrlToFile('data:image/jpeg;base64,/9j/', 'logo').name).toBe('logo.jpg');
  });

  it("refuses a data URL without its two parts: 'Invalid Data URL'", () => {
    expect(() => convertDataUrlToFile('data:image/png;base64', 'logo')).toThrow('Invalid Data URL');
    expect(() => convertDataUrlToFile('data:,', 'logo')).toThrow('Invalid Data URL');
  });
});
