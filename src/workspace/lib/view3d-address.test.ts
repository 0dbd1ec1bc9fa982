import { describe, expect, it } from 'vitest';
import { bboxAround, readView3d, view3dHref } from './view3d-address.ts';

describe('the 3D view’s address', () => {
  it('gives back the zone, the surface and the line it was written with', () => {
    const line = [
      { lat: 45.50068, lng: -73.57321 },
      { lat: 45.50038, lng: -73.55602 },
    ];
    const href = view3dHref([-73.6, 45.4, -73.5, 45.5], {
      surface: 'rock-elevation',
      method: 'natural',
      line,
      tenant: 'montreal',
    });
    expect(href).toBe(
      '/client/view3d?tenant=montreal&bbox=-73.60000%2C45.40000%2C-73.50000%2C45.50000&surface=rock-elevation&method=natural&line=45.500680%2C-73.573210%3B45.500380%2C-73.556020',
    );
    expect(readView3d(href.slice(href.indexOf('?')))).toEqual({
      bbox: [-73.6, 45.4, -73.5, 45.5],
      surface: 'rock-elevation',
      method: 'natural',
      line,
    });
  });

  it('leaves out a thickness (no level in space), a lone point and values off the globe', () => {
    expect(view3dHref([0, 0, 1, 1], { surface: 'thickness' })).toBe(
      '/client/view3d?bbox=0.00000%2C0.00000%2C1.00000%2C1.00000',
    );
    expect(readView3d('?bbox=1,2,3&surface=thickness&line=45,-73')).toEqual({
      bbox: null,
      surface: null,
      method: 'kriging',
      line: [],
    });
    expect(readView3d('?line=45,-73;95,-73;45.1,-73.1').line).toEqual([
      { lat: 45, lng: -73 },
      { lat: 45.1, lng: -73.1 },
    ]);
  });

  it('draws a rectangle some metres about a line', () => {
    const [west, south, east, north] = bboxAround(
      [
        { lat: 45.5, lng: -73.6 },
        { lat: 45.51, lng: -73.58 },
      ],
      111.195,
    );
    expect(south).toBeCloseTo(45.499, 6);
    expect(north).toBeCloseTo(45.511, 6);
    expect(east - -73.58).toBeCloseTo(0.001 / Math.cos((45.505 * Math.PI) / 180), 6);
    expect(west).toBeLessThan(-73.6);
  });
});
