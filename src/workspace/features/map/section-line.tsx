import type { LeafletMouseEvent } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { Polyline, useMap } from 'react-leaflet';
import type { LatLng } from '../../../domain/geo.ts';
import { SECTION_LIMITS } from '../../../domain/subsurface/section.ts';
import { sectionHref } from '../../../domain/subsurface/section-address.ts';

/**
 * « Coupe », in the map's bottom left corner: while pressed, each click or tap on the map adds a
 * point to the section's line (drawn as it grows); « Ouvrir la coupe » opens the section along it.
 */
export function SectionLine({ search, colour }: { search: string; colour: string }) {
  const map = useMap();
  const [on, setOn] = useState(false);
  const [line, setLine] = useState<LatLng[]>([]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const stop = (event: Event) => event.stopPropagation();
    for (const type of ['pointerdown', 'mousedown', 'touchstart', 'dblclick', 'contextmenu'])
      element.addEventListener(type, stop);
    // Leaflet's own mark: its map ignores a click whose path holds it (React still sees the click).
    Object.assign(element, { _leaflet_disable_click: true });
  }, []);
  useEffect(() => {
    if (!on) return;
    const container = map.getContainer();
    container.classList.add('is-drawing-line');
    const add = (event: LeafletMouseEvent) =>
      setLine((points) =>
        points.length >= SECTION_LIMITS.points.max
          ? points
          : [...points, { lat: event.latlng.lat, lng: event.latlng.lng }],
      );
    map.on('click', add);
    return () => {
      map.off('click', add);
      container.classList.remove('is-drawing-line');
    };
  }, [map, on]);

  return (
    <>
      {line.length > 0 && (
        <Polyline
          positions={line.map((p) => [p.lat, p.lng])}
          pathOptions={{ color: colour, weight: 3, dashArray: '8 6' }}
        />
      )}
      <div className="map-section" ref={box}>
        <button
          type="button"
          className="map-multiple__toggle"
          aria-pressed={on}
          onClick={() => {
            setOn(!on);
            if (on) setLine([]);
          }}
        >
          Coupe
        </button>
        {on && (
          <>
            <p className="map-multiple__status" role="status">
              {line.length === 0
                ? 'Touchez la carte au début de la ligne de coupe'
                : line.length === 1
                  ? '1 point : touchez la carte à la fin de la ligne'
                  : `${line.length} points : ouvrez la coupe ou prolongez la ligne`}
            </p>
            {line.length > 0 && (
              <button type="button" className="map-multiple__toggle" onClick={() => setLine(line.slice(0, -1))}>
                Retirer le dernier point
              </button>
            )}
            {line.length >= 2 && (
              <a className="map-multiple__toggle" href={sectionHref(line, search)}>
                Ouvrir la coupe
              </a>
            )}
          </>
        )}
      </div>
    </>
  );
}
