import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { binarized, despeckled, greysOf, otsuThreshold, pagePixels, pictureOf, pnm } from './page-pixels.ts';

describe('a page’s pixels', () => {
  it('are kept in colour when a pixel is not grey, and in grey when every one is', () => {
    const colour = Uint8Array.from([0, 0, 0, 255, 200, 100, 50, 255]);
    expect(pagePixels(colour, 2, 1, 300)).toEqual({
      pixels: Uint8Array.from([0, 0, 0, 200, 100, 50]),
      channels: 3,
      width: 2,
      height: 1,
      dpi: 300,
    });
    const grey = Uint8Array.from([0, 0, 0, 255, 128, 128, 128, 255]);
    expect(pagePixels(grey, 2, 1)).toEqual({ pixels: Uint8Array.from([0, 128]), channels: 1, width: 2, height: 1 });
  });

  it('give greys as the eye weighs colours (77, 150 and 29 of 256), greys unchanged', () => {
    const page = pagePixels(Uint8Array.from([255, 255, 255, 255, 128, 128, 128, 255, 200, 100, 50, 255]), 3, 1);
    expect([...greysOf(page)]).toEqual([255, 128, 124]);
  });

  it('are drawn on white where the picture is transparent', async () => {
    const canvas = createCanvas(4, 2);
    canvas.getContext('2d').fillRect(0, 0, 2, 2); // black on the left, transparent on the right
    const page = await pictureOf(await canvas.encode('png'), 300);
    expect(page).toMatchObject({ width: 4, height: 2, dpi: 300, channels: 1 });
    expect([...page.pixels]).toEqual([0, 0, 255, 255, 0, 0, 255, 255]);
  });

  it('are written as a binary PGM or PPM: its header, then the bytes of each pixel', () => {
    const grey = pnm({ pixels: Uint8Array.from([0, 255, 7, 9, 11, 13]), channels: 1, width: 3, height: 2 });
    expect(grey.subarray(0, 11).toString('ascii')).toBe('P5\n3 2\n255\n');
    expect([...grey.subarray(11)]).toEqual([0, 255, 7, 9, 11, 13]);
    const colour = pnm({ pixels: Uint8Array.from([1, 2, 3, 4, 5, 6]), channels: 3, width: 2, height: 1 });
    expect(colour.toString('latin1')).toBe('P6\n2 1\n255\n\x01\x02\x03\x04\x05\x06');
  });
});

describe('a coarse scan’s specks', () => {
  it('are taken out by the median of each pixel’s neighbourhood, lines kept', () => {
    const [width, height] = [5, 5];
    const greys = new Uint8Array(width * height).fill(255);
    greys[1 * width + 1] = 0; // a speck
    for (let x = 0; x < width; x++) [3, 4].forEach((y) => (greys[y * width + x] = 0)); // a stroke two pixels thick
    const median = despeckled(greys, width, height);
    expect(median[1 * width + 1]).toBe(255);
    expect(median[3 * width + 2]).toBe(0);
  });
});

describe('a page in black and white', () => {
  it('is split at the grey between ink and paper', () => {
    const histogram = new Array<number>(256).fill(0);
    [
      [35, 50],
      [45, 80],
      [55, 40],
      [215, 900],
      [235, 1200],
      [250, 600],
    ].forEach(([grey, count]) => (histogram[grey!] = count!));
    const threshold = otsuThreshold(histogram);
    expect(threshold).toBeGreaterThanOrEqual(55);
    expect(threshold).toBeLessThan(215);
  });

  it('has only black and white pixels, ink black and paper white', async () => {
    const canvas = createCanvas(40, 20);
    const context = canvas.getContext('2d');
    context.fillStyle = '#d8d4c8'; // a yellowed page
    context.fillRect(0, 0, 40, 20);
    context.fillStyle = '#1a237e'; // a blue pen
    context.fillRect(5, 5, 10, 10);
    const { pixels: greys, channels } = binarized(await pictureOf(await canvas.encode('png')));
    expect(channels).toBe(1);
    expect(new Set(greys)).toEqual(new Set([0, 255]));
    expect(greys[10 * 40 + 10]).toBe(0);
    expect(greys[2 * 40 + 30]).toBe(255);
  });
});
