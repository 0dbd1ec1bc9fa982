import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Marks the map's container while the view moves (`data-moving`, a fit, a flight, a zoom) and
 * counts the moves ended (`data-moves`), with the view's centre when still (`data-centre`, « lat,lng »). The dots are redrawn as a move ends, so whoever reads the
 * map (the end-to-end tests) knows when what it sees is final.
 */
export function MoveMarks() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    let ended = 0;
    const mark = (moving: boolean) => {
      container.dataset.moving = String(moving);
      container.dataset.moves = String(ended);
      const { lat, lng } = map.getCenter();
      container.dataset.centre = `${lat.toFixed(4)},${lng.toFixed(4)}`;
    };
    const events = {
      movestart: () => mark(true),
      zoomstart: () => mark(true),
      moveend: () => {
        ended += 1;
        mark(false);
      },
    };
    mark(false);
    map.on(events);
    return () => void map.off(events);
  }, [map]);
  return null;
}
