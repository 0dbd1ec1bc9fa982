import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Circle, CircleMarker, useMap } from 'react-leaflet';
import { $draftRadius, $mapShown, $pickedCentre, $pickingCentre, type Radius } from '../../lib/radius-pick.ts';

const same = (a: Radius | null, b: Radius | null) => a?.lat === b?.lat && a?.lng === b?.lng && a?.km === b?.km;

/**
 * The radius search on the map: the applied one as a circle with its centre, the one the form
 * holds (not applied yet) dashed. Neither takes clicks: the dots under them stay clickable.
 */
export function RadiusCircles({ applied, colour }: { applied: Radius | null; colour: string }) {
  const draft = useStore($draftRadius);
  return (
    <>
      {applied && (
        <>
          <Circle
            className="radius-circle"
            center={[applied.lat, applied.lng]}
            radius={applied.km * 1000}
            interactive={false}
            pathOptions={{ color: colour, weight: 2, fillColor: colour, fillOpacity: 0.06 }}
          />
          <CircleMarker
            className="radius-centre"
            center={[applied.lat, applied.lng]}
            radius={4}
            interactive={false}
            pathOptions={{ color: '#fff', weight: 2, fillColor: colour, fillOpacity: 1 }}
          />
        </>
      )}
      {draft && !same(draft, applied) && (
        <Circle
          className="radius-circle radius-circle--draft"
          center={[draft.lat, draft.lng]}
          radius={draft.km * 1000}
          interactive={false}
          pathOptions={{ color: colour, weight: 2, dashArray: '6 6', fill: false }}
        />
      )}
    </>
  );
}

/**
 * While the form asks for a centre: a crosshair, a hint, and the next click on the map gives its
 * point to the form (no dot is selected). Escape gives up.
 */
export function CentrePicker() {
  const picking = useStore($pickingCentre);
  const map = useMap();
  useEffect(() => {
    $mapShown.set(true);
    return () => {
      $mapShown.set(false);
      $pickingCentre.set(false);
    };
  }, []);
  useEffect(() => {
    if (!picking) return;
    const container = map.getContainer();
    container.classList.add('is-picking-centre');
    const onClick = (event: { latlng: { lat: number; lng: number } }) => {
      $pickedCentre.set({ lat: event.latlng.lat, lng: event.latlng.lng });
      $pickingCentre.set(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') $pickingCentre.set(false);
    };
    map.on('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      container.classList.remove('is-picking-centre');
      map.off('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [map, picking]);
  return picking ? (
    <p className="centre-picker__hint" role="status">
      Cliquez sur la carte pour placer le centre de la recherche — Échap pour annuler
    </p>
  ) : null;
}
